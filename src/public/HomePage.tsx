import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { getToken } from '../api/http';
import { useBranding } from '../branding';
import { applyMask } from '../../resources/text';
import { PublicTheme } from './PublicTheme';

const phoneMask = (phone: string) => applyMask(phone, phone.length > 10 ? '(##) #####-####' : '(##) ####-####');

/** Public home. Document verification and the contact form arrive with their own issue. */
export function HomePage() {
  const branding = useBranding();
  const signedIn = Boolean(getToken());
  return (
    <PublicTheme>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 8 }}>
        <Container>
          {branding.colored_logo && <Box component="img" src={branding.colored_logo} alt={branding.school_name} sx={{ maxHeight: 80, mb: 2 }} />}
          <Typography variant="h3" component="h1">
            {branding.main_service || 'Verifique a autenticidade de seu Documento'}
          </Typography>
          <Typography variant="h6" sx={{ mt: 1, opacity: 0.9 }}>
            {branding.school_name}
          </Typography>
        </Container>
      </Box>
      <Container component="main" sx={{ py: 6 }}>
        <Typography>A verificação pública de documentos estará disponível nesta página em breve.</Typography>
      </Container>
      <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', py: 4 }}>
        <Container>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }}>
            <Box>
              {branding.phones.map((p) => (
                <Typography key={p}>{phoneMask(p)}</Typography>
              ))}
              <Typography variant="body2" sx={{ mt: 1 }}>
                © {new Date().getFullYear()} {branding.school_name}. Todos os direitos reservados.
              </Typography>
            </Box>
            <Button component={Link} to={signedIn ? '/admin/dashboard' : '/login'} variant="contained" color="primary">
              {signedIn ? 'Gestão' : 'Login Administrativo'}
            </Button>
          </Stack>
        </Container>
      </Box>
    </PublicTheme>
  );
}
