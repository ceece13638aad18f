import DeleteIcon from '@mui/icons-material/LinkOff';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { kinshipName } from '../../resources/guardians';
import { CPF_MASK } from '../../resources/students';
import { applyMask, formatPhone } from '../../resources/text';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { EditGuardianLinkDialog, LinkGuardianDialog, UnlinkGuardianDialog } from './GuardianDialogs';
import { PayerDialog } from './PayerDialog';
import { PortalAccessCell } from './PortalAccess';

/** One line of `GET /students/{id}/guardians`: a guardian and what they are to this student. */
export interface GuardianLink {
  guardian_id: number;
  name: string;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  kinship: string;
  financial_responsible: boolean;
  pedagogical_responsible: boolean;
}

export const kinshipLabel = (kinship: string) => kinshipName(kinship) || kinship;
export const cpfText = (cpf: string | null) => (cpf ? applyMask(cpf, CPF_MASK) : '—');
const phoneText = (phone: string | null) => (phone ? formatPhone(phone) : '—');

/** The two roles a guardian may hold, as chips; nothing when they hold neither. */
function RoleChips({ link }: { link: GuardianLink }) {
  if (!link.financial_responsible && !link.pedagogical_responsible) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {link.financial_responsible && <Chip size="small" color="primary" label="Responsável financeiro" />}
      {link.pedagogical_responsible && (
        <Chip size="small" color="secondary" variant="outlined" label="Responsável pedagógico" />
      )}
    </Stack>
  );
}

export interface GuardiansTableProps {
  links: GuardianLink[];
  /** Absent: no column of actions (a role without `students.write`, or a story of the list alone). */
  onEdit?: (link: GuardianLink) => void;
  onUnlink?: (link: GuardianLink) => void;
  /** Absent: no column "Portal" (a story of the list alone); else the guardian's access to the family portal. */
  portal?: (link: GuardianLink) => ReactNode;
}

function LinkActions({ link, onEdit, onUnlink }: { link: GuardianLink } & Omit<GuardiansTableProps, 'links'>) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {onEdit && (
        <IconButton aria-label={`Editar vínculo de ${link.name}`} onClick={() => onEdit(link)}>
          <EditIcon />
        </IconButton>
      )}
      {onUnlink && (
        <IconButton aria-label={`Desvincular ${link.name}`} color="error" onClick={() => onUnlink(link)}>
          <DeleteIcon />
        </IconButton>
      )}
    </Box>
  );
}

/** The student's guardians: name, kinship, CPF, phone, e-mail and the roles they hold. */
export function GuardiansTable({ links, onEdit, onUnlink, portal }: GuardiansTableProps) {
  // A phone has no room for six columns: each guardian as two lines, the roles under them.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const actions = Boolean(onEdit || onUnlink);
  if (links.length === 0) return <Typography>Nenhum responsável vinculado a este aluno.</Typography>;
  if (phone)
    return (
      <List dense disablePadding aria-label="Responsáveis do aluno">
        {links.map((link) => (
          <ListItem
            key={link.guardian_id}
            divider
            disableGutters
            secondaryAction={actions ? <LinkActions link={link} onEdit={onEdit} onUnlink={onUnlink} /> : undefined}
          >
            <ListItemText
              primary={`${link.name} · ${kinshipLabel(link.kinship)}`}
              secondary={
                <>
                  {[link.cpf && `CPF ${cpfText(link.cpf)}`, link.phone && phoneText(link.phone), link.email]
                    .filter(Boolean)
                    .join(' · ') || 'Sem CPF, telefone ou e-mail'}
                  <Box sx={{ mt: 0.5 }}>
                    <RoleChips link={link} />
                  </Box>
                  {portal && <Box sx={{ mt: 0.5 }}>Portal: {portal(link)}</Box>}
                </>
              }
              slotProps={{
                primary: { sx: { overflowWrap: 'anywhere' } },
                secondary: { component: 'div', sx: { overflowWrap: 'anywhere' } },
              }}
              sx={{ pr: actions ? 12 : 0 }}
            />
          </ListItem>
        ))}
      </List>
    );
  return (
    <Table size="small" aria-label="Responsáveis do aluno">
      <TableHead>
        <TableRow>
          {['Nome', 'Parentesco', 'CPF', 'Telefone', 'E-mail', 'Responsável por'].map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
          {portal && <TableCell>Portal</TableCell>}
          {actions && <TableCell>Ações</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.guardian_id}>
            <TableCell>{link.name}</TableCell>
            <TableCell>{kinshipLabel(link.kinship)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{cpfText(link.cpf)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{phoneText(link.phone)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{link.email || '—'}</TableCell>
            <TableCell>
              <RoleChips link={link} />
            </TableCell>
            {/* Narrow: the status wraps, so the e-mail keeps its room. */}
            {portal && <TableCell sx={{ maxWidth: 170 }}>{portal(link)}</TableCell>}
            {actions && (
              <TableCell>
                <LinkActions link={link} onEdit={onEdit} onUnlink={onUnlink} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Tab RESPONSÁVEIS: read from the server when opened (a guardian shared by siblings may change from another
 * record). With `students.write`: link a guardian (found or registered in the same dialog), edit a link's
 * kinship and roles, unlink. With it or `finance.write`: the contact and address of whoever pays (issue 35).
 */
export function GuardiansTab({ studentId }: { studentId: number }) {
  const allows = useAllows();
  const canWrite = allows('students.write');
  const canCompletePayer = canWrite || allows('finance.write');
  const [completing, setCompleting] = useState(false);
  const api = useApi();
  // Under the student's key: a change accepted anywhere (react-admin's refresh after each write) reads it again.
  const { data: links, error } = useQuery({
    queryKey: ['alunos', studentId, 'responsaveis'],
    queryFn: () => api.getStudentGuardians(studentId),
    // A refusal is final (a busy server is already asked again by apiRequest): its words show at once.
    retry: false,
  });
  const [linking, setLinking] = useState(false);
  const [editing, setEditing] = useState<GuardianLink | null>(null);
  const [unlinking, setUnlinking] = useState<GuardianLink | null>(null);
  if (error) return <Typography color="error">{error.message || 'Erro ao carregar os responsáveis.'}</Typography>;
  if (!links) return <Typography color="text.secondary">Carregando responsáveis…</Typography>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {canWrite && (
          <Button variant="contained" onClick={() => setLinking(true)}>
            Vincular responsável
          </Button>
        )}
        {canCompletePayer && (
          <Button variant="outlined" onClick={() => setCompleting(true)}>
            Contato e endereço de quem paga
          </Button>
        )}
      </Stack>
      {canCompletePayer && <PayerDialog studentId={studentId} open={completing} onClose={() => setCompleting(false)} />}
      <GuardiansTable
        links={links}
        onEdit={canWrite ? setEditing : undefined}
        onUnlink={canWrite ? setUnlinking : undefined}
        // The tab itself needs students.personal, as the access does; its buttons ask students.write.
        portal={(link) => <PortalAccessCell owner="guardians" id={link.guardian_id} name={link.name} />}
      />
      {canWrite && (
        <>
          <LinkGuardianDialog
            studentId={studentId}
            open={linking}
            linked={links.map((l) => l.guardian_id)}
            onClose={() => setLinking(false)}
            onLinked={() => setLinking(false)}
          />
          <EditGuardianLinkDialog
            studentId={studentId}
            link={editing}
            onClose={() => setEditing(null)}
            onSaved={() => setEditing(null)}
          />
          <UnlinkGuardianDialog
            studentId={studentId}
            link={unlinking}
            onClose={() => setUnlinking(null)}
            onUnlinked={() => setUnlinking(null)}
          />
        </>
      )}
    </Stack>
  );
}
