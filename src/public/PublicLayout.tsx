import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Container, IconButton, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { fetchMe, logout } from '../../authProvider/session';
import { formatPhone } from '../../resources/text';
import { getToken } from '../api/http';
import { useBranding } from '../branding';
import { LazyTooltip } from './LazyTooltip';
import { PublicLink } from './PublicLink';
import { PublicTheme } from './PublicTheme';

export const HERO_KEY = 'secretaria.hero.collapsed';
export const DEFAULT_HEADLINE = 'Verifique a autenticidade de seu Documento';

const REGISTRY_LINKS = [
  { label: 'e-MEC (instituições e cursos)', href: 'https://emec.mec.gov.br/' },
  { label: 'SISTEC (cursos técnicos)', href: 'https://sistec.mec.gov.br/' },
  {
    label: 'Censo Escolar (INEP)',
    href: 'https://www.gov.br/inep/pt-br/areas-de-atuacao/pesquisas-estatisticas-e-indicadores/censo-escolar',
  },
];

/** Collapsible hero: 580 px open, 100 px closed, remembered in this browser (spec §2.2). */
function Hero({ headline }: { headline?: string }) {
  const branding = useBranding();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(HERO_KEY) === '1');
  const toggle = () => {
    localStorage.setItem(HERO_KEY, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };
  return (
    <Box
      component="header"
      data-testid="hero"
      sx={{
        height: collapsed ? 100 : 580,
        transition: 'height 300ms ease',
        overflow: 'hidden',
        position: 'relative',
        color: 'primary.contrastText',
        bgcolor: 'primary.main',
        backgroundImage: branding.cover
          ? `linear-gradient(rgba(0,0,0,.45), rgba(0,0,0,.45)), url(${branding.cover})`
          : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Container
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: collapsed ? 'row' : 'column',
          alignItems: collapsed ? 'center' : 'flex-start',
          justifyContent: 'center',
          gap: 2,
        }}
      >
        {branding.colored_logo ? (
          <Box
            component="img"
            src={branding.colored_logo}
            alt={branding.school_name}
            sx={{ maxHeight: collapsed ? 60 : 120 }}
          />
        ) : (
          // Without a logo, the school's name in large letters takes its place.
          <Typography
            component="p"
            data-testid="hero-school-name"
            sx={{ fontWeight: 800, lineHeight: 1.1, fontSize: collapsed ? '1.5rem' : { xs: '2.5rem', sm: '3.75rem' } }}
          >
            {branding.school_name}
          </Typography>
        )}
        <Typography
          variant={collapsed ? 'h6' : 'h3'}
          component="h1"
          sx={{ fontWeight: 700, maxWidth: 760, fontSize: collapsed ? undefined : { xs: '2rem', sm: '3rem' } }}
        >
          {headline ?? (branding.main_service || DEFAULT_HEADLINE)}
        </Typography>
        {!collapsed && branding.colored_logo && <Typography variant="h6">{branding.school_name}</Typography>}
      </Container>
      <LazyTooltip title={collapsed ? 'Expandir' : 'Recolher'}>
        <IconButton
          onClick={toggle}
          aria-label={collapsed ? 'Expandir cabeçalho' : 'Recolher cabeçalho'}
          sx={{ position: 'absolute', right: 12, bottom: 8, color: 'inherit' }}
        >
          {collapsed ? <ExpandMoreIcon /> : <ExpandLessIcon />}
        </IconButton>
      </LazyTooltip>
    </Box>
  );
}

function Footer() {
  const branding = useBranding();
  const [signedIn, setSignedIn] = useState(Boolean(getToken()));
  useEffect(() => {
    // The footer asks who is signed in; an empty answer clears the token (spec §4).
    fetchMe()
      .then((me) => setSignedIn(Boolean(me)))
      .catch(() => undefined);
  }, []);
  const signOut = async () => {
    await logout();
    window.location.reload();
  };
  return (
    <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', py: 5, mt: 6 }}>
      <Container>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} justifyContent="space-between">
          <Box>
            <Typography variant="h6" component="h2" gutterBottom>
              Contato
            </Typography>
            {branding.phones.map((p) => (
              <Typography key={p}>{formatPhone(p)}</Typography>
            ))}
            {branding.email && <Typography>{branding.email}</Typography>}
          </Box>
          <Box component="nav" aria-label="Menu do rodapé">
            <Typography variant="h6" component="h2" gutterBottom>
              Menu
            </Typography>
            <Stack spacing={0.5}>
              <PublicLink to="/" color="inherit">
                Home
              </PublicLink>
              {!signedIn && (
                <PublicLink to="/login" color="inherit">
                  Login Administrativo
                </PublicLink>
              )}
              {signedIn && (
                <PublicLink to="/admin/dashboard" color="inherit">
                  Gestão
                </PublicLink>
              )}
              {signedIn && (
                <MuiLink component="button" color="inherit" onClick={() => void signOut()} sx={{ textAlign: 'left' }}>
                  Sair
                </MuiLink>
              )}
            </Stack>
          </Box>
          <Box>
            <Typography variant="h6" component="h2" gutterBottom>
              Consulte também
            </Typography>
            <Stack spacing={0.5}>
              {REGISTRY_LINKS.map((l) => (
                <MuiLink key={l.href} href={l.href} target="_blank" rel="noopener noreferrer" color="inherit">
                  {l.label}
                </MuiLink>
              ))}
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 4, opacity: 0.85 }}>
          © {new Date().getFullYear()} {branding.school_name}. Todos os direitos reservados.
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.7 }}>
          Desenvolvido com Secretaria — administração escolar.
        </Typography>
      </Container>
    </Box>
  );
}

/** Hero, content and footer of every public page, in the school's colours. */
/** `headline`: the page's own title in the hero (Matrícula 2027), instead of the home's service. */
export function PublicLayout({ children, headline }: { children: ReactNode; headline?: string }) {
  return (
    <PublicTheme>
      <Hero headline={headline} />
      <Container component="main" sx={{ py: 4 }}>
        {children}
      </Container>
      <Footer />
    </PublicTheme>
  );
}
