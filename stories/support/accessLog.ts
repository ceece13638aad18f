import type { AccessEntry } from '../../src/students/AccessLogTab';

/**
 * A term of accesses to one student's record, newest first, as `GET /students/{id}/access-log` answers:
 * instants in UTC (21/11/2026 17:05 UTC is 14:05 in São Paulo; 02:30 UTC is still the 20th there).
 */
export const ACCESS_LOG: AccessEntry[] = [
  {
    id: 48,
    user: { id: 3, name: 'Joana Secretária' },
    action: 'view',
    detail: '',
    created_at: '2026-11-21T17:05:00.000Z',
  },
  {
    id: 47,
    user: { id: 4, name: 'Carlos Financeiro' },
    action: 'report',
    detail: 'Extrato financeiro',
    created_at: '2026-11-21T13:40:00.000Z',
  },
  {
    id: 46,
    user: { id: 1, name: 'Administrador' },
    action: 'export',
    detail: 'Exportação de dados (LGPD)',
    created_at: '2026-11-21T02:30:00.000Z',
  },
  {
    id: 45,
    user: { id: 3, name: 'Joana Secretária' },
    action: 'document',
    detail: '004512_52998224725_HISTORY.pdf',
    created_at: '2026-11-18T19:12:00.000Z',
  },
  {
    id: 44,
    user: { id: 3, name: 'Joana Secretária' },
    action: 'report',
    detail: 'Declaração de matrícula',
    created_at: '2026-11-18T19:10:00.000Z',
  },
  {
    id: 43,
    user: { id: null, name: 'Marcos Estagiário' },
    action: 'view',
    detail: '',
    created_at: '2026-11-10T12:00:00.000Z',
  },
];
