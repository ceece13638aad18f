import MailOutlineIcon from '@mui/icons-material/MailOutline';
import {
  BulkDeleteButton,
  BulkExportButton,
  Button,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import type { BulkActionName, ResourceConfig } from '../../resources';
import { plural } from '../../resources/format';
import type { BulkOutcome } from '../../dataProvider/lists';
import { useApi } from '../api/useApi';
import { mayDo } from './access';
import { csvExporter } from './csv';
import { editableOnScreen } from './RowActions';

/** "2 convites enviados. Não enviado: nº 7 (O aluno não tem e-mail.)": what the run did, in one notice. */
export function invitationSummary({ done, refused }: BulkOutcome): string {
  const sent = done > 0 ? `${plural(done, 'convite enviado', 'convites enviados')}.` : 'Nenhum convite enviado.';
  if (!refused.length) return sent;
  const why = refused.map((r) => `nº ${String(r.id)} (${r.message})`).join('; ');
  return `${sent} ${refused.length === 1 ? 'Não enviado' : 'Não enviados'}: ${why}`;
}

/** "Enviar convite do portal" to each selected student, by e-mail; the results in one notice. */
function PortalInviteButton() {
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, resource } = useListContext();
  const unselect = useUnselectAll(resource);
  const send = useMutation({
    mutationFn: () => api.sendPortalInvitations(selectedIds),
    onSuccess: (outcome) => {
      notify(invitationSummary(outcome), {
        type: outcome.refused.length ? 'warning' : 'success',
        autoHideDuration: outcome.refused.length ? 12000 : 5000,
      });
      unselect();
      refresh();
    },
    onError: (error: Error) => notify(error.message || 'Não foi possível enviar os convites.', { type: 'error' }),
  });
  return (
    <Button label="Enviar convite do portal" onClick={() => send.mutate()} disabled={send.isPending}>
      <MailOutlineIcon />
    </Button>
  );
}

const namedBulkActions: Record<
  BulkActionName,
  { component: () => React.JSX.Element; may: (c: ResourceConfig) => boolean }
> = {
  portalInvite: { component: PortalInviteButton, may: (config) => mayDo(config, 'edit') },
};

/**
 * The actions on the selected rows: export them (the same CSV as the list's), the config's named actions the role
 * may run, and remove them where the screens offer removing and the role may.
 */
export function BulkActions({ config }: { config: ResourceConfig }) {
  const canDelete = editableOnScreen(config) && !config.fixedRows && mayDo(config, 'delete');
  return (
    <>
      <BulkExportButton exporter={csvExporter(config)} label="Exportar selecionados" />
      {(config.list.bulkActions ?? [])
        .filter((name) => namedBulkActions[name].may(config))
        .map((name) => {
          const Action = namedBulkActions[name].component;
          return <Action key={name} />;
        })}
      {canDelete && <BulkDeleteButton mutationMode="pessimistic" />}
    </>
  );
}
