import { List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { logout, storedMenu } from '../../authProvider';
import { resourceByAdminPath } from '../../resources';
import { menuIcon } from './icons';

/** Sign out: the token dies on the server, local state is cleared and the page reloads (spec §2.5). */
export async function signOut(): Promise<void> {
  await logout();
  window.location.assign('/login');
}

/** A menu path as delivered (absolute); a menu stored by an older server had paths relative to /admin. */
const menuHref = (path: string) => (path.startsWith('/') ? path : `/admin/${path}`);

/** The side menu: fixed Home and Gestão, the groups delivered by the server at login, then Sair. */
export function AppMenu() {
  const location = useLocation();
  const groups = storedMenu();
  const HomeIcon = menuIcon('home');
  const DashboardIcon = menuIcon('dashboard');
  const LogoutIcon = menuIcon('logout');
  // The longest menu path that the address starts with is the current one (ensinos/documentos, not ensinos).
  const matches = (path: string) => location.pathname === path || location.pathname.startsWith(`${path}/`);
  const current = ['/admin/dashboard', ...groups.flatMap((g) => g.children.map((c) => menuHref(c.path)))]
    .filter(matches)
    .sort((a, b) => b.length - a.length)[0];
  const selected = (path: string) => path === current;
  return (
    <List component="nav" aria-label="Menu principal" dense sx={{ pt: 1 }}>
      <ListItemButton component="a" href="/">
        <ListItemIcon><HomeIcon /></ListItemIcon>
        <ListItemText primary="Home" />
      </ListItemButton>
      <ListItemButton component={Link} to="/admin/dashboard" selected={selected('/admin/dashboard')}>
        <ListItemIcon><DashboardIcon /></ListItemIcon>
        <ListItemText primary="Gestão" />
      </ListItemButton>
      {groups.map((group) => (
          <li key={group.text}>
            <List dense disablePadding subheader={<ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>{group.text}</ListSubheader>}>
              {group.children.map((child) => {
                // Each entry wears its own resource's icon when the app knows it, else its group's.
                const href = menuHref(child.path);
                const Icon = menuIcon(child.icon ?? resourceByAdminPath(href.replace(/^\/admin\//, ''))?.menu.icon ?? group.icon);
                return (
                  <ListItemButton key={child.path} component={Link} to={href} selected={selected(href)}>
                    <ListItemIcon><Icon /></ListItemIcon>
                    <ListItemText primary={child.action} />
                  </ListItemButton>
                );
              })}
            </List>
          </li>
      ))}
      <ListItemButton onClick={() => void signOut()}>
        <ListItemIcon><LogoutIcon /></ListItemIcon>
        <ListItemText primary="Sair" />
      </ListItemButton>
    </List>
  );
}
