import type { Kysely, Transaction } from 'kysely';
import { seedStudents } from './students';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any> | Kysely<any>;

async function insert(trx: Trx, table: string, rows: Record<string, unknown>[], now: string): Promise<number[]> {
  const inserted = await trx
    .insertInto(table)
    .values(rows.map((r) => ({ ...r, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  return inserted.map((r) => Number(r.id));
}

/** A contract a school could really start from; the placeholders are filled per enrolment. */
const CONTRACT_TEMPLATE = `CONTRATANTE: [[NOME]], portador(a) do CPF nº [[CPF]] e do RG nº [[RG]], nascido(a) em [[DATA_NASCIMENTO]], filho(a) de [[NOME_MAE]], residente em [[ENDERECO]].

RESPONSÁVEL FINANCEIRO: [[RESPONSAVEL_NOME]] ([[RESPONSAVEL_PARENTESCO]]), CPF nº [[RESPONSAVEL_CPF]], residente em [[RESPONSAVEL_ENDERECO]], que responde pelo pagamento das parcelas.

CONTRATADA: [[ESCOLA]].

CLÁUSULA PRIMEIRA — DO OBJETO. O presente contrato tem por objeto a prestação de serviços educacionais no curso [[CURSO]], turma [[TURMA]], no polo [[POLO]], no ano letivo de [[DATA_ANO]], conforme a matrícula nº [[MATRICULA]].

CLÁUSULA SEGUNDA — DAS OBRIGAÇÕES DA CONTRATADA. A CONTRATADA se obriga a ministrar as aulas previstas na grade curricular do curso, a manter o registro da vida escolar do(a) CONTRATANTE e a emitir os documentos escolares a que ele(a) fizer jus.

CLÁUSULA TERCEIRA — DAS OBRIGAÇÕES DO(A) CONTRATANTE. O(A) CONTRATANTE se obriga a frequentar as aulas, a cumprir o regimento escolar e a pagar as parcelas ajustadas nas datas de vencimento.

CLÁUSULA QUARTA — DA RESCISÃO. O presente contrato pode ser rescindido por qualquer das partes mediante comunicação por escrito à secretaria da escola, sem prejuízo das parcelas vencidas.

E, por estarem de acordo, as partes assinam o presente contrato em duas vias de igual teor, em [[DATA_EXTENSO]].`;

/** Payment type ids are part of the contract: 1 and 2 give a pay link, 4 is Boleto. */
export const PAYMENT_TYPES = [
  'Cartão de crédito',
  'Cartão de débito',
  'Dinheiro',
  'Boleto',
  'PIX',
  'Transferência bancária',
];
export const SERVICE_TYPES = [
  'Mensalidade',
  'Matrícula',
  'Material didático',
  'Taxa de certificado',
  'Segunda via de documento',
];

/**
 * A realistic school: teachings' courses, disciplines with workloads, four stages, three polos, two
 * grids with their rows, four teams, more staff, and the payment lookups.
 */
export async function seedMasterData(
  trx: Trx,
  teachingIds: { medio: number; tecnico: number },
  now: string,
  withStudents: boolean,
): Promise<void> {
  // Types 1 to 4 come with the migrations (0015): the demo adds the ones still missing.
  const present = new Set((await trx.selectFrom('payment_types').select('name').execute()).map((r) => String(r.name)));
  const missing = PAYMENT_TYPES.filter((name) => !present.has(name));
  if (missing.length)
    await insert(
      trx,
      'payment_types',
      missing.map((name) => ({ name })),
      now,
    );
  await insert(
    trx,
    'service_types',
    SERVICE_TYPES.map((name) => ({ name })),
    now,
  );

  const [medio, , enfermagem] = await insert(
    trx,
    'courses',
    [
      { name: 'Ensino Médio Regular', teaching_id: teachingIds.medio },
      { name: 'Ensino Médio EJA', teaching_id: teachingIds.medio },
      { name: 'Técnico em Enfermagem', teaching_id: teachingIds.tecnico },
      { name: 'Técnico em Informática', teaching_id: teachingIds.tecnico },
    ],
    now,
  );

  const textIds = await insert(
    trx,
    'text_documents',
    [
      {
        name: 'Certificado de conclusão do Ensino Médio',
        teaching_id: teachingIds.medio,
        content:
          'concluiu o Ensino Médio no ano letivo de [[DATA_ANO]], nos termos da Lei nº 9.394/1996 (LDB), estando apto(a) ao prosseguimento de estudos em nível superior.',
      },
      {
        name: 'Certificado de Técnico em Enfermagem',
        teaching_id: teachingIds.tecnico,
        content:
          'concluiu em [[DATA_ANO]] o Curso Técnico em Enfermagem, Eixo Tecnológico Ambiente e Saúde, com carga horária total de 1.800 horas, fazendo jus ao título de Técnico(a) em Enfermagem.',
      },
      {
        name: 'Contrato de prestação de serviços educacionais',
        teaching_id: null,
        content: CONTRACT_TEMPLATE,
      },
    ],
    now,
  );
  // The demo school generates contracts out of the box.
  await trx.updateTable('school_settings').set({ contract_text_document_id: textIds[2] }).execute();

  const disciplineRows: [string, number, string][] = [
    ['Língua Portuguesa', teachingIds.medio, '160'],
    ['Matemática', teachingIds.medio, '160'],
    ['História', teachingIds.medio, '80'],
    ['Geografia', teachingIds.medio, '80'],
    ['Biologia', teachingIds.medio, '80'],
    ['Física', teachingIds.medio, '80'],
    ['Anatomia e Fisiologia Humana', teachingIds.tecnico, '120'],
    ['Fundamentos de Enfermagem', teachingIds.tecnico, '160'],
    ['Farmacologia Aplicada', teachingIds.tecnico, '80'],
    ['Lógica de Programação', teachingIds.tecnico, '120'],
    ['Redes de Computadores', teachingIds.tecnico, '80'],
    ['Banco de Dados', teachingIds.tecnico, '80'],
  ];
  const disciplineIds = await insert(
    trx,
    'disciplines',
    disciplineRows.map(([name, teaching_id, workload]) => ({ name, teaching_id, workload, amount_of_reviews: '4' })),
    now,
  );

  const stageIds = await insert(
    trx,
    'stages',
    [1, 2, 3, 4].map((stage) => ({ stage, description: `${stage}ª etapa` })),
    now,
  );

  const poloIds = await insert(
    trx,
    'polos',
    [
      {
        name: 'Polo Sede Ananindeua',
        city: 'Ananindeua',
        uf: 'PA',
        responsible: 'Maria das Graças Souza',
        address: 'Rod. BR-316, km 8, Centro',
        email: 'sede@demo.invalid',
        phone: '91988887777',
      },
      {
        name: 'Polo Belém Nazaré',
        city: 'Belém',
        uf: 'PA',
        responsible: 'José Ribamar Lima',
        address: 'Av. Nazaré, 1200, Nazaré',
        email: 'belem@demo.invalid',
        phone: '91981112222',
      },
      {
        name: 'Polo Castanhal',
        city: 'Castanhal',
        uf: 'PA',
        responsible: 'Ana Cláudia Ferreira',
        address: 'Rua Barão do Rio Branco, 455, Centro',
        email: 'castanhal@demo.invalid',
        phone: '91993334444',
      },
    ],
    now,
  );

  const [gridMedio, gridEnfermagem] = await insert(
    trx,
    'grids',
    [
      { name: 'Grade Ensino Médio 2026', obs: 'Base nacional comum, três etapas.', course_id: medio },
      {
        name: 'Grade Técnico em Enfermagem 2026',
        obs: 'Habilitação profissional, quatro etapas.',
        course_id: enfermagem,
      },
    ],
    now,
  );
  const rows: Record<string, unknown>[] = [];
  for (const stage of stageIds.slice(0, 3)) {
    for (const d of disciplineIds.slice(0, 6))
      rows.push({ grid_id: gridMedio, course_id: medio, discipline_id: d, stage_id: stage, workload: 40 });
  }
  for (const stage of stageIds) {
    for (const d of disciplineIds.slice(6, 9))
      rows.push({ grid_id: gridEnfermagem, course_id: enfermagem, discipline_id: d, stage_id: stage, workload: 40 });
  }
  await insert(trx, 'grid_templates', rows, now);

  const teamIds = await insert(
    trx,
    'teams',
    [
      {
        name: 'Turma Médio 2026 A',
        start_date: '2026-02-02',
        end_date: '2026-12-18',
        polo_id: poloIds[0],
        grid_id: gridMedio,
      },
      {
        name: 'Turma Médio 2026 B',
        start_date: '2026-02-02',
        end_date: '2026-12-18',
        polo_id: poloIds[1],
        grid_id: gridMedio,
      },
      {
        name: 'Enfermagem 2026.1',
        start_date: '2026-03-02',
        end_date: '2027-07-30',
        polo_id: poloIds[0],
        grid_id: gridEnfermagem,
      },
      {
        name: 'Enfermagem Castanhal 2026',
        start_date: '2026-08-03',
        end_date: '2028-01-28',
        polo_id: poloIds[2],
        grid_id: gridEnfermagem,
      },
    ],
    now,
  );
  if (withStudents) await seedStudents(trx, teamIds, new Date(now));
}

/**
 * Next year's fees as plans, ready for Aplicar plano on an enrolment (issue 27); none applied yet. Apart from the
 * master data because the plans' table arrives later than the services' (a test seeds the school on an older schema).
 */
export async function seedPaymentPlans(trx: Trx, now: string): Promise<void> {
  const services = await trx.selectFrom('service_types').select(['id', 'name']).execute();
  const serviceId = (name: string) => Number(services.find((s) => s.name === name)!.id);
  await insert(
    trx,
    'payment_plans',
    [
      {
        name: 'Mensalidade 2027 — 12 parcelas',
        service_type_id: serviceId('Mensalidade'),
        payment_type_id: 4, // Boleto
        instalments: 12,
        value_cents: 65000,
        due_day: 10,
        first_month: '2027-01',
      },
      {
        name: 'Material didático 2027 — 3 parcelas',
        service_type_id: serviceId('Material didático'),
        payment_type_id: 5, // PIX
        instalments: 3,
        value_cents: 18000,
        due_day: 15,
        first_month: '2027-01',
      },
    ],
    now,
  );
}
