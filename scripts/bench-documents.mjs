// The grade sheet and document figures of `npm run bench` (issue 12): saving a 60 students × 4 stages
// grid (goal: median under 100 ms) and issuing a certificate and a school history as PDFs (goal: median
// under 150 ms each), measured sequentially on the running bench server. Written to
// bench/results/documents-<database>.json, beside the API figures.
import fs from 'node:fs';

const RUNS = 20;
const GOALS = { gridSaveMs: 100, pdfMs: 150 };

export async function call(base, auth, method, path, body) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export function summary(label, ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    what: label,
    runs: sorted.length,
    medianMs: +sorted[Math.floor(sorted.length / 2)].toFixed(2),
    p95Ms: +sorted[Math.floor(sorted.length * 0.95)].toFixed(2),
    maxMs: +sorted[sorted.length - 1].toFixed(2),
  };
}

/** A team of 60 students on a grid with a discipline of four stages (the demo's technical course has one). */
async function gradedTeam(base, auth) {
  const grids = (await call(base, auth, 'GET', '/grids?page=0')).data;
  const polo = (await call(base, auth, 'GET', '/polos?page=0')).data[0];
  for (const grid of grids) {
    const team = (
      await call(base, auth, 'POST', '/teams', {
        name: `Turma bench notas ${grid.id}`,
        start_date: '2026-02-02',
        end_date: '2026-12-18',
        polo_id: polo.id,
        grid_id: grid.id,
      })
    ).data;
    const full = await call(base, auth, 'GET', `/grids/${team.id}/get-full-grid`);
    // `list`: by discipline name, one entry per stage number, `{}` where the discipline lacks that stage.
    const slots = Object.values(full.list)
      .map((entries) => entries.filter((slot) => slot.id))
      .find((entries) => entries.length >= 4);
    if (!slots) continue;
    const students = [];
    for (let i = 0; i < 60; i++) {
      const student = (
        await call(base, auth, 'POST', '/students', { name: `Aluna Bench Notas ${String(i + 1).padStart(2, '0')}` })
      ).data;
      const registration = (
        await call(base, auth, 'POST', '/registrations', { student_id: student.id, team_id: team.id })
      ).data;
      students.push({ id: student.id, registration: registration.id });
    }
    return {
      team,
      discipline: slots[0].discipline_id,
      stages: slots.slice(0, 4).map((slot) => slot.stage_id),
      students,
    };
  }
  throw new Error('nenhuma grade tem uma disciplina com quatro etapas');
}

export async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function benchGradesAndDocuments(base, auth, database) {
  console.log('Planilha de notas (60 alunos × 4 etapas), certificado e histórico em PDF…');
  const { team, discipline, stages, students } = await gradedTeam(base, auth);

  // Every save changes every cell (the grades alternate), so each one really writes 240 rows.
  const gridMs = [];
  for (let run = 0; run < RUNS; run++) {
    const grades = students.flatMap((s, i) =>
      stages.map((stage, j) => ({
        student_id: s.id,
        stage_id: stage,
        discipline_id: discipline,
        team_id: team.id,
        grade: `${(i + j + run) % 10}.${run % 10}`,
      })),
    );
    gridMs.push(await timed(() => call(base, auth, 'POST', '/grades', { grades })));
  }

  // One document per enrolment at a time: each issued one is removed (untimed) before the next.
  const holder = students[0];
  const template = (
    await call(base, auth, 'POST', '/text-documents', {
      name: 'Certificado bench',
      content: 'Concluiu o curso técnico no ano letivo de [[DATA_ANO]], com aproveitamento.',
    })
  ).data;
  const issue = async (path, body, folder) => {
    const ms = [];
    for (let run = 0; run < RUNS; run++) {
      let issued;
      ms.push(await timed(async () => (issued = (await call(base, auth, 'POST', path, body)).data)));
      await call(base, auth, 'GET', `/documents/${folder}/${issued.file_name}/remove`);
    }
    return ms;
  };
  const certificateMs = await issue(
    `/documents/${holder.id}/certificate`,
    { registration_id: holder.registration, text_document_id: template.id },
    'certificate',
  );
  const historyMs = await issue(
    `/documents/${holder.id}/history`,
    { team_id: team.id, city: 'Ananindeua', uf: 'PA', day: 23, month: 11, year: 2026, average: '6,0' },
    'history',
  );

  const result = {
    date: new Date().toISOString(),
    database,
    gridSave: {
      ...summary('POST /api/grades: 60 alunos × 4 etapas (240 notas) numa transação', gridMs),
      cells: students.length * stages.length,
    },
    certificatePdf: summary(
      'POST /api/documents/{aluno}/certificate: duas páginas A4 paisagem, fonte Great Vibes, QR code',
      certificateMs,
    ),
    historyPdf: summary(
      'POST /api/documents/{aluno}/history: grade completa da turma com as notas, QR code',
      historyMs,
    ),
  };
  result.goals = {
    gridSaveUnder100ms: result.gridSave.medianMs < GOALS.gridSaveMs,
    certificateUnder150ms: result.certificatePdf.medianMs < GOALS.pdfMs,
    historyUnder150ms: result.historyPdf.medianMs < GOALS.pdfMs,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/documents-${database}.json`;
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.table(
    Object.fromEntries(
      [result.gridSave, result.certificatePdf, result.historyPdf].map((r) => [
        r.what.split(':')[0],
        { 'mediana ms': r.medianMs, 'p95 ms': r.p95Ms },
      ]),
    ),
  );
  console.log(`Resultados em ${file}`);
  return result;
}
