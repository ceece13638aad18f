import LogoutIcon from '@mui/icons-material/Logout';
import { MenuItem, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu } from 'react-admin';
import { AppMenu, signOut } from './AppMenu';

function SignOutItem() {
  return (
    <MenuItem onClick={() => void signOut()}>
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Sair</ListItemText>
    </MenuItem>
  );
}

function SchoolAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <SignOutItem />
        </UserMenu>
      }
    />
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    // A wide table scrolls inside its card instead of pushing the page (and its buttons) off screen; a
    // record's card (tabs, a pendencies table) shrinks to a phone's 390 px the same way.
    <Layout
      menu={AppMenu}
      appBar={SchoolAppBar}
      sx={{
        minWidth: 0,
        '& .RaLayout-content, & .RaList-main, & .RaEdit-main, & .RaEdit-card, & .RaShow-main, & .RaShow-card, & .RaCreate-main, & .RaCreate-card':
          { minWidth: 0 },
      }}
    >
      {children}
    </Layout>
  );
}
