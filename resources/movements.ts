import type { FieldConfig } from './types';

/**
 * Leaving the school (issue 38), as server, screens and the movement report name it: the ways out, the student status
 * each one gives, and the fields of the two dialogs (Transferir, Registrar saída) with the server's words.
 */
export const LEAVE_KINDS = ['abandono', 'falecimento', 'conclusao'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];
export type MovementKind = 'transferencia' | LeaveKind;

export const MOVEMENT_KINDS: Record<MovementKind, { label: string; status: string }> = {
  transferencia: { label: 'Transferência', status: 'Transferido' },
  abandono: { label: 'Abandono', status: 'Evadido' },
  falecimento: { label: 'Falecimento', status: 'Falecido' },
  conclusao: { label: 'Conclusão', status: 'Concluído' },
};

export const LEAVE_KIND_OPTIONS = LEAVE_KINDS.map((kind) => ({ value: kind, label: MOVEMENT_KINDS[kind].label }));

export const transferFields = [
  { name: 'date', label: 'Data da transferência', type: 'date', required: true },
  { name: 'destination_school', label: 'Escola de destino', type: 'text', required: true, maxLength: 190 },
  {
    name: 'destination_city',
    label: 'Cidade de destino',
    type: 'text',
    required: true,
    maxLength: 120,
    helperText: 'Cidade e UF, por exemplo: Belém - PA.',
  },
  { name: 'reason', label: 'Motivo', type: 'text', maxLength: 1000 },
] as const satisfies readonly FieldConfig[];

export const leaveFields = [
  { name: 'date', label: 'Data da saída', type: 'date', required: true },
  { name: 'kind', label: 'Tipo de saída', type: 'select', required: true, options: LEAVE_KIND_OPTIONS },
  { name: 'note', label: 'Observação', type: 'text', maxLength: 1000 },
] as const satisfies readonly FieldConfig[];

export const movementMessages = {
  alreadyLeft: (day: string) => `Esta matrícula já foi encerrada em ${day}: registre a saída uma vez só.`,
  beforeEnrolment: (day: string) => `A data não pode ser anterior à matrícula (${day}).`,
  unknownKind: `Tipo de saída desconhecido. Use: ${LEAVE_KIND_OPTIONS.map((o) => o.label).join(', ')}.`,
};
