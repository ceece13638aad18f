import LockIcon from '@mui/icons-material/LockOutlined';
import { AdminNotice } from './AdminNotice';

/** A screen the signed-in user's role does not open (issue 24). */
export function AdminAccessDenied() {
  return (
    <AdminNotice title="Acesso negado" icon={<LockIcon color="action" fontSize="large" aria-hidden />}>
      O seu perfil não dá acesso a esta página. Use o menu ao lado ou volte ao painel; se precisar dela, peça a quem
      administra o sistema na escola.
    </AdminNotice>
  );
}
