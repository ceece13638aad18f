import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Drawer, IconButton, Toolbar, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useOutboxSender } from '../lessons/useOutbox';
import { lazyNamed } from '../components/lazyNamed';
import { AppMenu, type ResourceIconOf } from './AppMenu';
import { menuIcon } from './icons';

const WIDTH = 250;

/**
 * Minha conta, as in the back office's user menu; Sair is the menu's last entry. A link, not a menu nor a
 * tooltip (MUI's popper): lighter.
 */
function AccountLink() {
  const Account = menuIcon('person');
  return (
    <IconButton color="inherit" component={Link} to="/admin/minha-conta" aria-label="Minha conta" title="Minha conta">
      <Account />
    </IconButton>
  );
}

/**
 * The layout of the teacher's screens (src/admin/LightApp.tsx): the same bar, menu and title slot as the back
 * office's, drawn with MUI alone, without react-admin's layout and what it brings (issue 36). On a phone the menu
 * is a drawer over the page, named 'Menu' for a screen reader; at desk widths it stays beside the page.
 */
// Registers the worker once the page is drawn: not part of the first load a teacher on 3G waits for.
const UpdatePrompt = lazyNamed(() => import('../pwa/UpdatePrompt'), 'UpdatePrompt');

/**
 * The menu entries' resource icons, from the configs loaded once the menu is shown: the teacher's first load does not
 * carry every resource config for them (issue 36). Until then an entry wears its group's icon — for a teacher's own
 * entries (Alunos, Turmas) the same one. On a phone the menu is a closed drawer: the configs (~11 kB gzipped, and
 * their evaluation, ~0.1 s at 4× CPU) wait for it to open instead of running in the middle of the roll call's first
 * draw; at desk widths the menu is beside the page, and they are asked for once the page is idle.
 */
function useResourceIcons(shown: boolean): ResourceIconOf | undefined {
  const [iconOf, setIconOf] = useState<ResourceIconOf>();
  const wanted = shown && !iconOf;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const load = () =>
      import('../../resources')
        .then(({ resourceByAdminPath }) => {
          if (live) setIconOf(() => (adminPath: string) => resourceByAdminPath(adminPath)?.menu.icon);
        })
        .catch(() => undefined); // offline: the group's icons stay
    // After what the page itself draws (a browser without requestIdleCallback: a moment later).
    const idle = window.requestIdleCallback?.(() => void load(), { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(() => void load(), 200) : undefined;
    return () => {
      live = false;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [wanted]);
  return iconOf;
}

export function LightLayout({ children }: { children: ReactNode }) {
  // The teacher's unsent roll calls leave whichever screen is open when the connection returns.
  useOutboxSender();
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useSidebarState();
  const shown = phone ? open : true;
  const iconOf = useResourceIcons(shown);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="secondary" elevation={1}>
        <Toolbar variant={phone ? 'regular' : 'dense'}>
          {phone && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu')}
              onClick={() => setOpen(!open)}
            >
              <MenuIcon />
            </IconButton>
          )}
          {/* An h6 like react-admin's TitlePortal: each screen draws its own single h1. */}
          <Typography variant="h6" id="react-admin-title" sx={{ flex: 1, ml: 1 }} noWrap />
          <AccountLink />
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        <Drawer
          variant={phone ? 'temporary' : 'permanent'}
          open={shown}
          onClose={() => setOpen(false)}
          slotProps={{ paper: phone ? { 'aria-label': 'Menu' } : { sx: { position: 'relative', border: 0 } } }}
          sx={{ width: phone ? undefined : WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: WIDTH } }}
        >
          <AppMenu iconOf={iconOf} />
        </Drawer>
        <Box component="main" id="main-content" sx={{ flex: 1, minWidth: 0, px: { xs: 1, sm: 2 } }}>
          {children}
        </Box>
      </Box>
      {/* The installed teacher app starts here: its service worker, and "Nova versão disponível" (issue 36). */}
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </Box>
  );
}
