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
    <Layout menu={AppMenu} appBar={SchoolAppBar}>
      {children}
    </Layout>
  );
}
