import { Alert, AlertTitle, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { allows, storedPermissions } from '../../authProvider';
import { certificateWarning } from '../../resources/nfse-settings';
import { useApi } from '../api/useApi';

/**
 * The dashboard's notice about the school's A1 (issue 41), for whoever issues invoices (Administração and
 * Financeiro): nothing while the expiry is more than 30 days away; "Certificado digital vence em N dias" from then on,
 * with the way to the settings for whoever may send the new one.
 */
export function CertificateExpiryCard() {
  const permissions = storedPermissions();
  const allowed = allows(permissions, 'invoices.manage');
  const api = useApi();
  const { data: certificate } = useQuery({
    queryKey: ['nota-fiscal', 'certificado'],
    queryFn: () => api.getNfseCertificate(),
    enabled: allowed,
  });
  const warning = certificate ? certificateWarning(certificate.not_after) : null;
  if (!allowed || !warning) return null;
  return (
    <Alert
      severity="warning"
      data-testid="aviso-certificado"
      sx={{ mb: 2 }}
      action={
        allows(permissions, 'settings.manage') ? (
          <Button component={Link} to="/admin/configuracoes/nota-fiscal" color="inherit" size="small">
            Enviar o novo
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{warning}</AlertTitle>
      Sem um certificado válido, as notas fiscais das mensalidades não são emitidas.
    </Alert>
  );
}
