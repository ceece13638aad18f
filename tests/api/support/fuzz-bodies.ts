import crypto from 'node:crypto';
import { schoolDayOf } from '../../../resources/format';
import type { Body, Fixtures } from './fuzz-plan';
import { ROLE_IDS } from './server';

/** The fuzz's own user, who signs in and whose bodies the routes take. */
export const FUZZER = {
  role_id: ROLE_IDS.administracao,
  name: 'Fuzz Robô',
  email: 'fuzz.robo@escolamodelo.edu.br',
  password: 'senha-do-fuzz-1',
};

/**
 * Good bodies of the bespoke routes, so that one bad field at a time reaches past the others'
 * validation. A route missing here is fuzzed all the same, from a generic body.
 */
export function knownBodies(fx: Fixtures, otherTeam: number): Record<string, Body> {
  const { ids } = fx;
  return {
    'POST /api/auth/login': { email: FUZZER.email, password: FUZZER.password },
    'POST /api/forgot-password': { email: FUZZER.email },
    // Nothing listens on port 9: were the job to run, it would fail; the fuzz only needs the body to be good.
    'POST /api/imports/legacy': {
      base_url: 'http://127.0.0.1:9',
      email: 'secretaria@escola-antiga.com.br',
      password: 'senha-antiga',
      dry_run: true,
    },
    'PUT /api/auth/me': { name: FUZZER.name },
    // The school as NFS-e issuer (issue 41), not yet issuing (no environment).
    'PUT /api/nfse/settings': {
      cnpj: '11.222.333/0001-81',
      municipio_ibge: '3550308',
      regime: 'normal',
      service_code: '080101',
      iss_rate: 5,
      environment: null,
    },
    'PUT /api/auth/password': {
      current_password: FUZZER.password,
      password: FUZZER.password,
      password_confirmation: FUZZER.password,
    },
    'POST /api/reset-password': {
      token: 'a'.repeat(43),
      password: 'senha-nova-123',
      password_confirmation: 'senha-nova-123',
    },
    'POST /api/grid-templates': {
      rows: [{ grid_id: ids.grids, discipline_id: ids.disciplines, stage_id: ids.stages, workload: 40 }],
    },
    'POST /api/teams/register-student': { student_id: fx.registration.student_id, team_id: otherTeam },
    'POST /api/registrations': { student_id: fx.registration.student_id, team_id: otherTeam },
    'PUT /api/registrations/:id': { enrolled_on: '2026-02-02', left_on: null },
    // Issue 38: the seeded enrolments start today.
    'POST /api/registrations/:id/transfer': {
      date: schoolDayOf(),
      destination_school: 'Escola Estadual Rui Barbosa',
      destination_city: 'Belém - PA',
      reason: 'Mudança da família',
    },
    'POST /api/registrations/:id/leave': { date: schoolDayOf(), kind: 'abandono', note: 'Parou de frequentar.' },
    'POST /api/registrations/:id/prior-studies': {
      year: 2025,
      series: '6º ano',
      discipline: 'Língua Portuguesa',
      grade: '8,5',
      hours: 160,
    },
    'PUT /api/documents/:id': { student_id: ids.students },
    'PUT /api/students/:id/status': { status: 'Ativo' },
    // Next year (issue 38): from the seed's 2026 into its 2027 (the demo's team is open: the rollover stops at 422).
    'POST /api/school-years/:id/successors': {
      to_year_id: ids.school_years + 1,
      teams: [
        {
          from_team_id: ids.teams,
          name: 'Turma Fuzz 2027',
          grid_id: ids.grids,
          polo_id: ids.polos,
          start_date: '2027-02-01',
          end_date: '2027-12-17',
          payment_plan_id: null,
        },
      ],
    },
    'POST /api/school-years/:id/rollover': {
      to_year_id: ids.school_years + 1,
      teams: [{ from_team_id: ids.teams, promoted_team_id: null, retained_team_id: null }],
      apply_plans: false,
      dry_run: true,
    },
    'POST /api/students/:id/observations': { observation: 'Conversou com a coordenação.' },
    'PUT /api/students/:id/observations/:obs': { observation: 'Conversou com a coordenação.' },
    // The demo links each student to their mother's guardian, the first student to the first guardian.
    'POST /api/students/:id/guardians': {
      guardian_id: ids.guardians + 1,
      kinship: 'pai',
      financial_responsible: false,
      pedagogical_responsible: true,
    },
    'PUT /api/students/:id/guardians/:guardian_id': {
      kinship: 'pai',
      financial_responsible: true,
      pedagogical_responsible: true,
    },
    // Issue 35: the invitation handed over in person, and the payer completed from the screens that charge.
    'POST /api/guardians/:id/invite': { delivery: 'link' },
    // Merging duplicates (issue 37): a record that does not exist, so that the fuzz merges nothing it reads later.
    'POST /api/students/:id/merge': { from: 999999 },
    'POST /api/guardians/:id/merge': { from: 999999 },
    'PUT /api/students/:id/payer': { cep: '66010000', street: 'Rua Fuzz', number: '1', city: 'Belém', uf: 'PA' },
    // A device opting in to Web Push (issue 36), family's or staff's: a push service's address and a device's keys.
    'POST /api/portal/push/subscriptions': DEVICE,
    'POST /api/push/subscriptions': DEVICE,
    'POST /api/portal/activate': { email: 'familia.fuzz@exemplo.com', code: '7K2M-9P4Q', password: 'senha-nova-123' },
    // A school year's calendar (issue 38): the seed's first year is 2026 (2 February to 18 December).
    'PUT /api/school-years/:id/calendar': {
      stages: [{ stage_id: ids.stages, start_date: '2026-02-02', end_date: '2026-04-30' }],
      days: [{ date: '2026-04-21', kind: 'feriado', description: 'Tiradentes' }],
    },
    'POST /api/books': {
      student_id: fx.registration.student_id,
      team_id: fx.registration.team_id,
      registration_number: '120',
      book_number: '3',
      page_number: '45',
      issue_date: '2024-05-10',
      certificate_seal_number: 'SELO-1',
      history_seal_number: 'SELO-2',
    },
  };
}

const DEVICE: Body = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-device',
  keys: {
    p256dh: crypto.createECDH('prime256v1').generateKeys('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  },
};

export const GENERIC_BODY: Body = { id: 1, name: 'Texto qualquer' };
