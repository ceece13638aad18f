import PrintIcon from '@mui/icons-material/Print';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useAllows } from '../admin/useAllows';
import { saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';
import { ClosingDialog, CouncilDialog, type CouncilAsked } from './ResultsDialogs';
import { ResultsGrid } from './ResultsGrid';
import type { DisciplineResult, StudentResult } from './types';

/**
 * Tab RESULTADO FINAL of a team (issue 38): the grid of the whole class, make-ups saved cell by cell, the council's
 * dialog, "Encerrar turma" (and "Reabrir turma" for Administração), and "Imprimir ata" (the PDF from the server).
 */
export function ResultsTab({ teamId }: { teamId: number }) {
  const api = useApi();
  const write = useServerWrite();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const allows = useAllows();
  const [council, setCouncil] = useState<CouncilAsked | null>(null);
  const [closing, setClosing] = useState<'close' | 'reopen' | null>(null);
  const [printing, setPrinting] = useState(false);
  const key = ['turmas', teamId, 'resultado-final'];
  const { data, error } = useQuery({ queryKey: key, queryFn: () => api.getTeamResults(teamId), retry: false });
  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  const makeup = async (row: StudentResult, d: DisciplineResult, grade: string | null) => {
    const done = await write(
      () => api.saveTeamResult(teamId, row.registration_id, { makeup: [{ discipline_id: d.discipline_id, grade }] }),
      { fallback: 'Erro ao salvar a recuperação.' },
    );
    await reload();
    return done.ok ? null : (Object.values(done.errors)[0] ?? done.message ?? 'Erro ao salvar a recuperação.');
  };
  const decide = async (decision: 'aprovado' | null, reason: string) => {
    if (!council) return null;
    const { row, discipline } = council;
    const done = await write(
      () =>
        api.saveTeamResult(teamId, row.registration_id, {
          council: [{ discipline_id: discipline.discipline_id, decision, reason }],
        }),
      { fallback: 'Erro ao salvar a decisão do conselho.' },
    );
    await reload();
    if (done.ok) {
      setCouncil(null);
      return null;
    }
    // `council.0.reason` → `reason`: the dialog marks its own fields.
    return Object.fromEntries(Object.entries(done.errors).map(([k, v]) => [k.split('.').at(-1)!, v]));
  };
  const closeOrReopen = async (reason: string) => {
    const done = await write(() => (closing === 'close' ? api.closeTeam(teamId) : api.reopenTeam(teamId, reason)), {
      fallback: 'Erro ao encerrar a turma.',
    });
    await reload();
    if (done.ok) setClosing(null);
    return done.ok ? null : (done.errors.reason ?? done.message ?? null);
  };
  const print = async () => {
    setPrinting(true);
    try {
      saveBlob(await api.getResultsAta(teamId), `ata-de-resultados-finais-${teamId}.pdf`);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Erro ao gerar a ata.', { type: 'error' });
    } finally {
      setPrinting(false);
    }
  };

  if (error) return <Alert severity="error">{error.message || 'Erro ao carregar o resultado final.'}</Alert>;
  if (!data) return <CircularProgress size={24} aria-label="Carregando o resultado final" />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => void print()} disabled={printing}>
          Imprimir ata
        </Button>
        {!data.closed && allows('results.manage') && (
          <Button variant="contained" color="error" onClick={() => setClosing('close')}>
            Encerrar turma
          </Button>
        )}
        {data.closed && allows('teams.reopen') && (
          <Button variant="outlined" onClick={() => setClosing('reopen')}>
            Reabrir turma
          </Button>
        )}
      </Stack>
      <ResultsGrid
        results={data}
        canEnterMakeup={allows('grades.write')}
        canDecide={allows('grades.write') && allows('results.manage')}
        onMakeup={makeup}
        onCouncil={(row, discipline) => setCouncil({ row, discipline })}
      />
      {council && <CouncilDialog asked={council} onCancel={() => setCouncil(null)} onSave={decide} />}
      {closing && (
        <ClosingDialog
          action={closing}
          team={data.team.name}
          onCancel={() => setClosing(null)}
          onConfirm={closeOrReopen}
        />
      )}
    </Stack>
  );
}
