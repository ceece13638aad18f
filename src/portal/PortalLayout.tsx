import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, Box, Button, Container, Link as MuiLink, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useBranding } from '../branding';
import { usePortalSession } from './session';

/** The signed-in portal: the school's bar (logo or name, the account, Sair) above the page, on a phone first. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const { me, signOut } = usePortalSession();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="primary" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <MuiLink
            component={Link}
            to="/portal"
            color="inherit"
            underline="none"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flex: 1 }}
          >
            {branding.colored_logo && (
              <Box
                component="img"
                src={branding.colored_logo}
                alt=""
                sx={{ maxHeight: 36, bgcolor: 'common.white', borderRadius: 1, p: 0.25 }}
              />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} noWrap>
                {branding.school_name}
              </Typography>
              <Typography component="p" variant="caption" noWrap>
                Portal das famílias{me ? ` · ${me.account.name}` : ''}
              </Typography>
            </Box>
          </MuiLink>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void signOut()}>
            Sair
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 }, flex: 1 }}>
        {children}
      </Container>
      <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', py: 2, px: 2 }}>
        <Typography variant="body2" align="center">
          {branding.school_name}
          {branding.email ? ` · ${branding.email}` : ''}
        </Typography>
      </Box>
    </Box>
  );
}
