import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useAllows } from '../admin/useAllows';
import { upper } from '../format';
import { useApi } from '../api/useApi';
import { useFieldErrors, useServerWrite } from '../components/serverErrors';
import { ApplyPlanDialog, usePaymentPlans } from '../finance/ApplyPlanDialog';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { ContractActions, type ContractState } from './ContractActions';
import { EnrolmentDatesDialog, enrolmentDatesText, type EnrolmentDates } from './EnrolmentDatesDialog';
import { LeaveDialog, TransferDialog, TransferPapers } from './MovementDialogs';
import { OriginDialog, type OriginOf } from './OriginDialog';
import { ScholarshipLine } from './ScholarshipLine';
import { ServerSearch } from './ServerSearch';
import { schoolDayOf } from '../../resources/format';
import { registrationDateFields } from '../../resources/registrations';
import { MOVEMENT_KINDS, type MovementKind } from '../../resources/movements';

export interface Enrolment extends ContractState, EnrolmentDates, Omit<OriginOf, 'id' | 'number'> {
  team: { id: number; name: string };
  /** How it ended (issue 38), with the papers a transfer issued. */
  movement?: {
    kind: MovementKind;
    date: string;
    destination_school: string | null;
    declaration_url: string | null;
    history_url: string | null;
  } | null;
}

/** "Transferência para Escola X" / "Abandono": the way out, under the dates. */
const movementText = (m: NonNullable<Enrolment['movement']>) =>
  `${MOVEMENT_KINDS[m.kind]?.label ?? m.kind}${m.destination_school ? ` para ${m.destination_school}` : ''}`;

interface Team {
  id: number;
  name: string;
}

const [ENROLLED_ON] = registrationDateFields;

/** Teams searched on the server as the user types (never a 99,999-row download). */
function TeamSearch({
  value,
  onChange,
  error,
}: {
  value: Team | null;
  onChange: (team: Team | null) => void;
  error?: string;
}) {
  return (
    <ServerSearch
      path="/teams"
      label="Turma"
      value={value}
      onChange={onChange}
      error={error}
      optionLabel={(t) => t.name}
      noOptionsText="Nenhuma turma encontrada"
      sx={{ minWidth: 320, flex: 1 }}
    />
  );
}

/**
 * Tab MATRÍCULAS: enrol in a team on a day (today unless an earlier one is typed; with a payment plan's charges in the
 * same step, for who may write finances), list enrolments (number padded to 6 digits, their dates), change their
 * dates, apply a plan to one, delete; transfer or record another way out (issue 38, with the papers a transfer issued),
 * and the school an arriving student came from with the grades brought from there.
 */
export function EnrolmentsTab({ studentId, enrolments }: { studentId: number; enrolments: Enrolment[] }) {
  const notify = useNotify();
  const api = useApi();
  const write = useServerWrite();
  const [team, setTeam] = useState<Team | null>(null);
  const [removing, setRemoving] = useState<Enrolment | null>(null);
  const marks = useFieldErrors();
  // Enrolling, removing and the contracts (even their download) are `students.write` on the server.
  const allows = useAllows();
  const canWrite = allows('students.write');
  // Applying a plan creates charges: `finance.write` on the server.
  const canApply = allows('finance.write');
  // The plans a new enrolment may start with, only loaded for a user who may apply them; the dialog reuses them.
  const loadedPlans = usePaymentPlans(canWrite && canApply);
  const plans = loadedPlans ?? [];
  const [planId, setPlanId] = useState<number | ''>('');
  const [applyingTo, setApplyingTo] = useState<Enrolment | null>(null);
  const [dating, setDating] = useState<Enrolment | null>(null);
  const [moving, setMoving] = useState<{ enrolment: Enrolment; kind: 'transfer' | 'leave' | 'origin' } | null>(null);
  const [enrolledOn, setEnrolledOn] = useState('');
  const enrol = async () => {
    if (!team) {
      marks.setErrors({ team_id: 'Selecione a turma.' });
      return notify('Selecione a turma.', { type: 'warning' });
    }
    const result = await write(
      () =>
        api.enrol({
          student_id: studentId,
          team_id: team.id,
          ...(planId ? { payment_plan_id: planId } : {}),
          // Blank: the server's today.
          ...(enrolledOn ? { enrolled_on: enrolledOn } : {}),
        }),
      { fallback: 'Erro ao matricular.', fields: ['team_id', 'payment_plan_id', 'enrolled_on'] },
    );
    if (result.ok) {
      setTeam(null);
      setPlanId('');
      setEnrolledOn('');
    }
    marks.setErrors(result.ok ? {} : result.errors);
  };
  const choose = (next: Team | null) => {
    setTeam(next);
    marks.clear('team_id');
  };
  const remove = async () => {
    if (removing)
      await write(() => api.removeEnrolment(removing.id), { fallback: 'Erro ao remover a matrícula.', fields: [] });
    setRemoving(null);
  };
  return (
    <>
      {canWrite && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          flexWrap="wrap"
          alignItems={{ sm: 'flex-start' }}
          sx={{ mb: 2 }}
        >
          <TeamSearch value={team} onChange={choose} error={marks.errors.team_id} />
          {canApply && plans.length > 0 && (
            <TextField
              select
              label="Plano de pagamento (opcional)"
              value={planId}
              onChange={(e) => setPlanId(e.target.value === '' ? '' : Number(e.target.value))}
              error={Boolean(marks.errors.payment_plan_id)}
              helperText={marks.errors.payment_plan_id}
              sx={{ minWidth: 260 }}
            >
              <MenuItem value="">Nenhum</MenuItem>
              {plans.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            type="date"
            label={ENROLLED_ON.label}
            value={enrolledOn}
            onChange={(e) => {
              setEnrolledOn(e.target.value);
              marks.clear('enrolled_on');
            }}
            error={Boolean(marks.errors.enrolled_on)}
            helperText={marks.errors.enrolled_on ?? 'Em branco: hoje.'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: schoolDayOf() } }}
            sx={{ minWidth: 180 }}
          />
          <Button variant="contained" onClick={() => void enrol()} sx={{ mt: { sm: 1 } }}>
            Matricular
          </Button>
        </Stack>
      )}
      {enrolments.length === 0 ? (
        <Typography>Não há matrícula registrada para este aluno.</Typography>
      ) : (
        <List dense aria-label="Matrículas">
          {enrolments.map((e) => (
            <ListItem
              key={e.id}
              divider
              secondaryAction={
                canWrite && (
                  <IconButton aria-label={`Remover matrícula ${e.number}`} color="error" onClick={() => setRemoving(e)}>
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={`${e.number} / ${upper(e.team.name)}`}
                secondary={
                  <>
                    <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                      {enrolmentDatesText(e)}
                      {e.movement ? ` · ${movementText(e.movement)}` : ''}
                      {e.origin_school ? ` · veio de ${e.origin_school}` : ''}
                    </Typography>
                    {e.movement && (
                      <TransferPapers declaration={e.movement.declaration_url} history={e.movement.history_url} />
                    )}
                    {(canWrite || canApply) && (
                      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
                        {canWrite && (
                          <Button
                            size="small"
                            onClick={() => setDating(e)}
                            aria-label={`Alterar datas da matrícula ${e.number}`}
                          >
                            Alterar datas
                          </Button>
                        )}
                        {canWrite && <ContractActions studentId={studentId} enrolment={e} />}
                        {canWrite && !e.left_on && (
                          <>
                            <Button size="small" onClick={() => setMoving({ enrolment: e, kind: 'transfer' })}>
                              Transferir
                            </Button>
                            <Button size="small" onClick={() => setMoving({ enrolment: e, kind: 'leave' })}>
                              Registrar saída
                            </Button>
                          </>
                        )}
                        {canWrite && (
                          <Button size="small" onClick={() => setMoving({ enrolment: e, kind: 'origin' })}>
                            Escola de origem
                          </Button>
                        )}
                        {canApply && (
                          <Button size="small" onClick={() => setApplyingTo(e)}>
                            Aplicar plano
                          </Button>
                        )}
                      </Stack>
                    )}
                    <ScholarshipLine registrationId={e.id} />
                  </>
                }
                secondaryTypographyProps={{ component: 'div' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {applyingTo && (
        <ApplyPlanDialog
          open
          enrolments={enrolments}
          enrolmentId={applyingTo.id}
          plans={loadedPlans ?? undefined}
          onClose={() => setApplyingTo(null)}
        />
      )}
      {dating && <EnrolmentDatesDialog enrolment={dating} onClose={() => setDating(null)} />}
      {moving?.kind === 'transfer' && <TransferDialog enrolment={moving.enrolment} onClose={() => setMoving(null)} />}
      {moving?.kind === 'leave' && <LeaveDialog enrolment={moving.enrolment} onClose={() => setMoving(null)} />}
      {moving?.kind === 'origin' && <OriginDialog enrolment={moving.enrolment} onClose={() => setMoving(null)} />}
      <ConfirmDeleteDialog
        open={removing !== null}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
