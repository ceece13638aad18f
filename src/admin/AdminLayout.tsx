import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { MenuItem, ListItemIcon, ListItemText, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Sidebar, UserMenu, useUserMenu, type SidebarProps } from 'react-admin';
import { Link } from 'react-router-dom';
import { useOutboxSender } from '../lessons/useOutbox';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { CityPrompt } from '../school/CityPrompt';
import { resourceByAdminPath } from '../../resources';
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

/** Minha conta: one's own name, password and two-step sign-in, for every signed-in user. */
function AccountItem() {
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/admin/minha-conta" onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <ManageAccountsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Minha conta</ListItemText>
    </MenuItem>
  );
}

/**
 * react-admin's spinner passes its other props to MUI's progress, whose name it lacks (axe: aria-progressbar-name);
 * seen when a request waits, as all do on a phone without signal.
 */
const LOADING_NAME: object = { 'aria-label': 'Carregando' };

function SchoolAppBar() {
  return (
    <AppBar
      toolbar={<LoadingIndicator {...LOADING_NAME} />}
      userMenu={
        <UserMenu>
          <AccountItem />
          <SignOutItem />
        </UserMenu>
      }
    />
  );
}

/**
 * react-admin's sidebar. On a phone it is a dialog over the page (MUI's temporary drawer), which a screen reader
 * announces by its name: 'Menu' (axe: aria-dialog-name). At desk widths it is part of the page and takes no name.
 */
function SchoolSidebar(props: SidebarProps) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return <Sidebar {...props} slotProps={phone ? { paper: { 'aria-label': 'Menu' } } : undefined} />;
}

const resourceIcon = (adminPath: string) => resourceByAdminPath(adminPath)?.menu.icon;
/** The side menu, each entry with its resource's icon (src/admin/AppMenu.tsx). */
const AdminMenu = () => <AppMenu iconOf={resourceIcon} />;

export function AdminLayout({ children }: { children: ReactNode }) {
  // The teacher's unsent roll calls leave whichever screen is open when the connection returns.
  useOutboxSender();
  return (
    // A wide table scrolls inside its card instead of pushing the page (and its buttons) off screen; a
    // record's card (tabs, a pendencies table) shrinks to a phone's 390 px the same way.
    <Layout
      menu={AdminMenu}
      appBar={SchoolAppBar}
      sidebar={SchoolSidebar}
      sx={{
        minWidth: 0,
        '& .RaLayout-content, & .RaList-main, & .RaEdit-main, & .RaEdit-card, & .RaShow-main, & .RaShow-card, & .RaCreate-main, & .RaCreate-card':
          { minWidth: 0 },
      }}
    >
      {children}
      {/* A fresh install: Administração is asked for the school's city, which dates every document (issue 35). */}
      <CityPrompt />
      {/* The installable app: its service worker, and "Nova versão disponível" after a deploy (issue 36). */}
      <UpdatePrompt />
    </Layout>
  );
}
