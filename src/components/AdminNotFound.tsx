import SearchOffIcon from '@mui/icons-material/SearchOff';
import { AdminNotice } from './AdminNotice';

/** The admin's 404. */
export function AdminNotFound() {
  return (
    <AdminNotice title="Página não encontrada" icon={<SearchOffIcon color="action" fontSize="large" aria-hidden />}>
      O endereço digitado não existe ou o link seguido está desatualizado. Use o menu ao lado ou volte ao painel.
    </AdminNotice>
  );
}
