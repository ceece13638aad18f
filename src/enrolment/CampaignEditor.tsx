import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { Button, CardContent, Stack } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Create,
  DateInput,
  Edit,
  Form,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  required,
  type RaRecord,
  useNotify,
} from 'react-admin';
import { CAMPAIGN_KINDS, enrolmentCampaigns } from '../../resources/enrolment-campaigns';
import { useApi } from '../api/useApi';
import { RecordTitle } from '../resources/RecordTitle';
import { FormToolbar } from '../resources/ResourceForm';
import { useLoadFailure } from '../resources/LoadFailed';

const WIDTH = 1000;
const EMPTY = { kind: 'rematricula', documents: [], teams: [], terms: '' };

/** The form's documents are `[{name}]` (react-admin's list inputs); the server takes names. */
const toRequest = (data: Record<string, unknown>) => ({
  school_year_id: data.school_year_id,
  kind: data.kind,
  opens_on: data.opens_on,
  closes_on: data.closes_on,
  terms: data.terms ?? null,
  teams: Array.isArray(data.teams) ? data.teams : [],
  documents: (Array.isArray(data.documents) ? data.documents : [])
    .map((d) => (typeof d === 'string' ? d : String((d as { name?: unknown })?.name ?? '')))
    .filter((name) => name.trim()),
});
const fromRecord = (record: RaRecord): RaRecord => ({
  ...record,
  documents: (Array.isArray(record.documents) ? record.documents : []).map((name) => ({ name })),
});

/** "Preencher pela rematrícula automática": the lines from the successors the rollover made in the chosen year. */
function PrefillButton() {
  const api = useApi();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const yearId = useWatch({ name: 'school_year_id' }) as number | undefined;
  const fill = async () => {
    try {
      const { data } = await api.prefillCampaignTeams(Number(yearId));
      setValue('teams', data, { shouldDirty: true });
      notify(data.length ? `${data.length} turmas preenchidas.` : 'Nenhuma turma sucessora neste ano letivo.', {
        type: data.length ? 'success' : 'warning',
      });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Button variant="outlined" startIcon={<AutoFixHighIcon />} disabled={!yearId} onClick={() => void fill()}>
      Preencher pela rematrícula automática
    </Button>
  );
}

function CampaignFields() {
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} columnGap={2}>
        <ReferenceInput source="school_year_id" reference="anos-letivos" sort={{ field: 'year', order: 'DESC' }}>
          <SelectInput label="Ano letivo" optionText="year" validate={required()} fullWidth />
        </ReferenceInput>
        <SelectInput
          source="kind"
          label="Tipo"
          choices={CAMPAIGN_KINDS.map((k) => ({ id: k.value, name: k.label }))}
          validate={required()}
          fullWidth
        />
        <DateInput source="opens_on" label="Abertura" validate={required()} fullWidth />
        <DateInput source="closes_on" label="Encerramento" validate={required()} fullWidth />
      </Stack>
      <PrefillButton />
      <ArrayInput source="teams" label="Turmas">
        <SimpleFormIterator inline disableReordering>
          <ReferenceInput source="from_team_id" reference="turmas">
            <SelectInput label="Turma atual" optionText="name" emptyText="Novos alunos" />
          </ReferenceInput>
          <ReferenceInput source="to_team_id" reference="turmas">
            <SelectInput label="Turma de destino" optionText="name" validate={required()} />
          </ReferenceInput>
          <ReferenceInput source="payment_plan_id" reference="planos-de-pagamento">
            <SelectInput label="Plano de pagamento" optionText="name" emptyText="Sem plano" />
          </ReferenceInput>
          <ReferenceInput source="contract_template_id" reference="ensinos/documentos">
            <SelectInput label="Modelo de contrato" optionText="name" emptyText="Sem contrato" />
          </ReferenceInput>
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="documents" label="Documentos pedidos às famílias">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="name" label="Documento" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="terms" label="Termos de aceite" multiline minRows={4} fullWidth />
    </Stack>
  );
}

function CampaignForm({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <Form defaultValues={mode === 'create' ? EMPTY : undefined} warnWhenUnsavedChanges>
      <CardContent>
        <CampaignFields />
      </CardContent>
      <FormToolbar config={enrolmentCampaigns} mode={mode} empty={EMPTY} />
    </Form>
  );
}

/** Nova campanha de matrícula. */
export function CampaignCreate() {
  return (
    <Create title="Nova campanha de matrícula" redirect="show" transform={toRequest} sx={{ maxWidth: WIDTH }}>
      <CampaignForm mode="create" />
    </Create>
  );
}

/** Editar campanha: pessimistic, so the server's 422 stay under the fields. */
export function CampaignEdit() {
  return (
    <Edit
      title={<RecordTitle config={enrolmentCampaigns} prefix="Editar campanha" />}
      queryOptions={{ ...useLoadFailure(), select: fromRecord }}
      mutationMode="pessimistic"
      redirect="show"
      transform={toRequest}
      sx={{ maxWidth: WIDTH }}
    >
      <CampaignForm mode="edit" />
    </Edit>
  );
}
