import LogoutIcon from '@mui/icons-material/Logout';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { MenuItem, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { useOutboxSender } from '../lessons/useOutbox';
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

/** One's own two-step sign-in (Minha conta). */
function TwoStepItem() {
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/admin/minha-conta/duas-etapas" onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <PhonelinkLockIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Verificação em duas etapas</ListItemText>
    </MenuItem>
  );
}

function SchoolAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <TwoStepItem />
          <SignOutItem />
        </UserMenu>
      }
    />
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  // The teacher's unsent roll calls leave whichever screen is open when the connection returns.
  useOutboxSender();
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
