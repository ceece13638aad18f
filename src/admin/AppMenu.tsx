import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useSidebarState } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { logout, storedMenu } from '../../authProvider';
import { menuIcon } from './icons';
import { isTeacher } from './landing';

/** Sign out: the token dies on the server, local state is cleared and the page reloads (spec §2.5). */
export async function signOut(): Promise<void> {
  await logout();
  window.location.assign('/login');
}

/**
 * The icon of the resource config at an admin path (`alunos`), for the entries the server delivers without one. The
 * back office passes it at once (src/admin/AdminLayout.tsx); the teacher's light app once the configs have loaded
 * after its first paint (src/admin/LightLayout.tsx), its group's icon until then (issue 36).
 */
export type ResourceIconOf = (adminPath: string) => string | undefined;

/** A menu path as delivered (absolute); a menu stored by an older server had paths relative to /admin. */
const menuHref = (path: string) => (path.startsWith('/') ? path : `/admin/${path}`);

type MenuGroups = ReturnType<typeof storedMenu>;

/** Groups the person folded, remembered in this browser: every group starts open. */
export const CLOSED_GROUPS_KEY = 'secretaria.menu.closed';

function readClosed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(CLOSED_GROUPS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * On a phone the menu is a drawer over the screen: choosing an entry closes it, as react-admin's own menu
 * items do (else the chosen screen opens hidden behind it).
 */
function useCloseOnPhone(): () => void {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [, setOpen] = useSidebarState();
  return () => {
    if (small) setOpen(false);
  };
}

/** One group of the menu: a header that folds it, its entries under it. */
function MenuGroup({
  group,
  open,
  onToggle,
  selected,
  iconOf,
}: {
  group: MenuGroups[number];
  open: boolean;
  onToggle: () => void;
  selected: (href: string) => boolean;
  iconOf?: ResourceIconOf;
}) {
  const close = useCloseOnPhone();
  const id = `menu-grupo-${group.text
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .toLowerCase()}`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={onToggle} aria-expanded={open} aria-controls={id} sx={{ py: 0.25 }}>
        <ListItemText
          primary={group.text}
          slotProps={{
            primary: { variant: 'overline', sx: { fontWeight: 600, lineHeight: 2, color: 'text.secondary' } },
          }}
        />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <List dense disablePadding aria-label={group.text}>
          {group.children.map((child) => {
            // Each entry wears its own resource's icon when the app knows it, else its group's.
            const href = menuHref(child.path);
            const Icon = menuIcon(child.icon ?? iconOf?.(href.replace(/^\/admin\//, '')) ?? group.icon);
            return (
              <ListItem key={child.path} disablePadding>
                <ListItemButton
                  component={Link}
                  to={href}
                  onClick={close}
                  selected={selected(href)}
                  aria-current={selected(href) ? 'page' : undefined}
                >
                  <ListItemIcon>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={child.action} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Collapse>
    </ListItem>
  );
}

/**
 * The side menu: fixed Home and Gestão (not for a teacher), the groups delivered by the server at login (each
 * folds; the current screen's group is open), then Sair. The sidebar scrolls on its own (theme.ts).
 */
export function AppMenu({ iconOf }: { iconOf?: ResourceIconOf }) {
  const location = useLocation();
  const groups = storedMenu();
  const HomeIcon = menuIcon('home');
  const DashboardIcon = menuIcon('dashboard');
  const LogoutIcon = menuIcon('logout');
  const close = useCloseOnPhone();
  // The longest menu path that the address starts with is the current one (ensinos/documentos, not ensinos).
  const matches = (path: string) => location.pathname === path || location.pathname.startsWith(`${path}/`);
  const current = ['/admin/dashboard', ...groups.flatMap((g) => g.children.map((c) => menuHref(c.path)))]
    .filter(matches)
    .sort((a, b) => b.length - a.length)[0];
  const selected = (path: string) => path === current;
  const currentGroup = groups.find((g) => g.children.some((c) => menuHref(c.path) === current))?.text;
  const [closed, setClosed] = useState<string[]>(() => readClosed().filter((g) => g !== currentGroup));
  useEffect(() => {
    // Arriving at a screen opens its group; the others stay as the person left them.
    if (currentGroup) setClosed((old) => (old.includes(currentGroup) ? old.filter((g) => g !== currentGroup) : old));
  }, [currentGroup]);
  useEffect(() => localStorage.setItem(CLOSED_GROUPS_KEY, JSON.stringify(closed)), [closed]);
  const toggle = (text: string) =>
    setClosed((old) => (old.includes(text) ? old.filter((g) => g !== text) : [...old, text]));
  return (
    <Box component="nav" aria-label="Menu principal">
      <List dense sx={{ pt: 1 }}>
        <ListItem disablePadding>
          <ListItemButton component="a" href="/">
            <ListItemIcon>
              <HomeIcon />
            </ListItemIcon>
            <ListItemText primary="Home" />
          </ListItemButton>
        </ListItem>
        {/* The school's dashboard; a teacher's day is Minhas aulas, in the groups below. */}
        {!isTeacher() && (
          <ListItem disablePadding>
            <ListItemButton
              component={Link}
              to="/admin/dashboard"
              onClick={close}
              selected={selected('/admin/dashboard')}
            >
              <ListItemIcon>
                <DashboardIcon />
              </ListItemIcon>
              <ListItemText primary="Gestão" />
            </ListItemButton>
          </ListItem>
        )}
        {groups.map((group) => (
          <MenuGroup
            key={group.text}
            group={group}
            open={!closed.includes(group.text)}
            onToggle={() => toggle(group.text)}
            selected={selected}
            iconOf={iconOf}
          />
        ))}
        <ListItem disablePadding>
          <ListItemButton onClick={() => void signOut()}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Sair" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
