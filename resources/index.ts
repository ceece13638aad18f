import { admissions } from './admissions';
import { charges } from './charges';
import { courses } from './courses';
import { enrolmentCampaigns } from './enrolment-campaigns';
import { disciplines } from './disciplines';
import { grids } from './grids';
import { guardians } from './guardians';
import { paymentTypes, serviceTypes } from './lookups';
import { paymentPlans } from './payment-plans';
import { outbox } from './outbox';
import { polos } from './polos';
import { roles } from './roles';
import { schoolYears } from './school-years';
import { stages } from './stages';
import { students } from './students';
import { teachings } from './teachings';
import { teams } from './teams';
import { textDocuments } from './text-documents';
import type { ResourceConfig } from './types';
import { users } from './users';

/** Every resource of the product, in menu order. */
export const resources: ResourceConfig[] = [
  students,
  teachings,
  courses,
  textDocuments,
  polos,
  disciplines,
  stages,
  grids,
  schoolYears,
  teams,
  serviceTypes,
  paymentTypes,
  // Financeiro, after Formas de pagamento.
  paymentPlans,
  charges,
  users,
  roles,
  outbox,
  // In Secretaria, after Alunos: a menu group keeps the place of its first entry, its entries their order.
  guardians,
  enrolmentCampaigns,
  // Secretaria too: what new families send through the public form (issue 39).
  admissions,
];

export function resourceByName(name: string): ResourceConfig | undefined {
  return resources.find((r) => r.name === name);
}

export function resourceByAdminPath(path: string): ResourceConfig | undefined {
  return resources.find((r) => r.adminPath === path);
}

export * from './types';
