// `npm run docs:screenshots`: the images of docs/imagens, taken from the app itself so that they never go stale.
// Builds what is out of date, starts the built server on the demo school in a throwaway DATA_DIR (with a local SMTP
// server, to read the portal's invitation), fills in what the screens show (grades, a published stage, charges, a
// lesson) through the API, and photographs each screen in Debian's Chromium, as the browser tests do: at 1366×768, and
// at 390×844 where a phone matters (the portal, the roll call). Not part of `npm test`.
// Run with tsx (package.json), which lets it reuse the tests' SMTP server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { decodeQuotedPrintable, startSmtp } from '../tests/api/support/mail.ts';
import { slotsOf } from '../tests/support/full-grid.ts';
import { palettePng } from './png-palette.mjs';
import { SERVER_V8_FLAGS } from './server-flags.mjs';
import { buildWhatIsStale } from './stale.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs', 'imagens');
const CHROMIUM = '/usr/bin/chromium';
const ADMIN = { email: 'secretaria@escola-modelo.edu.br', password: 'senha-das-capturas-1' };
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

if (!fs.existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} não encontrado: instale com apt-get install chromium.`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Today in São Paulo as AAAA-MM-DD, and a month `delta` away from it as AAAA-MM-10. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
function tenthOf(delta) {
  const [y, m] = today.split('-').map(Number);
  const month = new Date(Date.UTC(y, m - 1 + delta, 10));
  return month.toISOString().slice(0, 10);
}

async function startServer(smtpPort) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-capturas-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [...SERVER_V8_FLAGS, 'dist/server/main.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      S3_BUCKET: '',
      STATIC_DIR: path.join(ROOT, 'dist/client'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      APP_URL: url,
      // Nothing leaves the machine: the postal-code services are not asked.
      CEP_VIACEP_URL: 'http://127.0.0.1:9',
      CEP_BRASILAPI_URL: 'http://127.0.0.1:9',
      PAYMENTS_SANDBOX: 'true',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      TZ: 'America/Sao_Paulo',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${output}`);
    if (waited > 60_000) throw new Error(`O servidor não respondeu em 60 s:\n${output}`);
    const up = await fetch(`${url}/api/data-of-client`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The API as the administrator; fails loudly on anything but the expected status. */
function apiOf(url, token) {
  return async (method, route, body, expected = [200, 201, 202]) => {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : null;
    if (!expected.includes(response.status)) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return parsed;
  };
}

/** What the screens show: grades of the team with most students (two stages, the first published), charges, a lesson. */
async function fillSchool(api) {
  const teams = (await api('GET', '/teams?page=0')).data;
  const rolls = await Promise.all(teams.map(async (t) => (await api('GET', `/teams/${t.id}/students`)).registrations));
  const at = rolls.reduce((best, roll, i) => (roll.length > rolls[best].length ? i : best), 0);
  const team = teams[at];
  const roll = rolls[at];
  const slots = slotsOf(await api('GET', `/grids/${team.id}/get-full-grid`));
  const grades = roll.flatMap((r, i) =>
    slots.flatMap((slot, j) =>
      slot.stages.slice(0, 2).map((stage, k) => ({
        student_id: r.student.id,
        stage_id: stage.id,
        discipline_id: slot.discipline.id,
        team_id: team.id,
        grade: (5.5 + ((i * 7 + j * 3 + k * 5) % 45) / 10).toFixed(1).replace('.', ','),
      })),
    ),
  );
  await api('POST', '/grades', { grades });
  await api('POST', `/teams/${team.id}/grade-publications`, { stage_id: slots[0].stages[0].id });

  // A year of tuition for each student of the team, from four months ago: the past ones mostly paid, some late.
  for (const [i, r] of roll.entries()) {
    const created = await api('POST', '/financials', {
      registration_id: r.id,
      value: '650,00',
      due_date: tenthOf(-4),
      service_type_id: 1,
      payment_type: 4,
      repetitions: 12,
    });
    for (const charge of created.data.filter((c) => c.due_date <= today)) {
      if ((i + charge.quota) % 5 === 0) continue; // still open, late
      // Paid two days early, or now and then a week late (never after today).
      const day = new Date(`${charge.due_date}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() + ((i * 3 + charge.quota) % 7 === 0 ? 7 : -2));
      const payDay = [day.toISOString().slice(0, 10), today].sort()[0];
      await api('PUT', `/financials/${charge.id}`, { paid: 1, pay_day: payDay });
    }
  }
  const lesson = await api('POST', '/lessons', {
    team_id: team.id,
    discipline_id: slots[0].discipline.id,
    stage_id: slots[0].stages[1].id,
    date: today,
    periods: 2,
    content: 'Sistema circulatório: coração, vasos e circulação pulmonar',
  });
  return { team, roll, slots, lesson: lesson.data };
}

async function shoot(page, name) {
  const file = path.join(OUT, name);
  fs.writeFileSync(file, palettePng(await page.screenshot()));
  console.log(`  ${path.relative(ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} kB)`);
}

/** A page as a secretary in Brazil sees the app: pt-BR, America/Sao_Paulo. */
async function newPage(browser, url, viewport) {
  const context = await browser.newContext({
    baseURL: url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/** The office's screens, on a desktop. */
async function officeScreens(browser, url, school, api) {
  const page = await newPage(browser, url, DESKTOP);
  await signIn(page);
  await page
    .getByText(/^Financeiro — /)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'painel.png');
  await page
    .getByText(/^Financeiro — /)
    .first()
    .evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await shoot(page, 'painel-financeiro.png');

  // A student with a late charge: the tab shows the amount due today, Cobrar and WhatsApp.
  const student = school.roll[4].student;
  await page.goto(`/admin/alunos/${student.id}/editar`);
  await page.getByRole('tab', { name: 'Financeiro' }).click();
  const heading = page.getByRole('heading', { name: 'Pendências financeiras' });
  await heading.waitFor();
  await page.waitForLoadState('networkidle');
  await heading.evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await shoot(page, 'aluno-financeiro.png');

  await page.goto(`/admin/turmas/${school.team.id}/disciplinas/${school.slots[0].discipline.id}/alunos`);
  await page.getByRole('button', { name: 'SALVAR NOTAS' }).waitFor();
  // The notice of the chosen discipline goes by itself: the picture is of the grid.
  const notice = page.getByText('Lançando notas de').first();
  await notice.waitFor();
  await notice.waitFor({ state: 'hidden', timeout: 15_000 });
  await shoot(page, 'notas.png');

  const secretaria = (await api('GET', '/roles?page=0')).data.find((r) => r.key === 'secretaria');
  await page.goto(`/admin/perfis/${secretaria.id}/editar`);
  await page.getByText('Gerenciar usuários e perfis').waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'perfis.png');
  await page.context().close();
}

/** The roll call of today's lesson on a phone, with two absences marked (not saved). */
async function rollCallScreen(browser, url, school) {
  const page = await newPage(browser, url, PHONE);
  await signIn(page);
  await page.goto(`/admin/minhas-aulas/${school.lesson.id}`);
  // Each student by the registration number under the name (the demo has namesakes).
  const student = (r) => page.getByRole('button').filter({ hasText: `Matrícula ${String(r.id).padStart(6, '0')}` });
  await student(school.roll[0]).waitFor();
  await student(school.roll[1]).click();
  await student(school.roll[4]).click();
  await page.waitForTimeout(300);
  await shoot(page, 'chamada-celular.png');
  await page.context().close();
}

/** A mother on her phone: the invitation's link, then the portal's home and her child's report card. */
async function portalScreens(browser, url, school, api) {
  let guardian;
  let child;
  for (const { student } of school.roll) {
    guardian = (await api('GET', `/students/${student.id}/guardians`)).data.find((g) => g.email);
    child = student;
    if (guardian) break;
  }
  if (!guardian) throw new Error('Nenhum responsável com e-mail nos alunos da turma.');
  const { guardian_id: id, email } = guardian;
  await api('POST', `/guardians/${id}/invite`);
  let link;
  for (let waited = 0; !link && waited < 20_000; waited += 200) {
    const mail = mails.find((m) => m.includes(email) && m.includes('/portal/ativar'));
    link = mail && /(http:\/\/127\.0\.0\.1:\d+\/portal\/ativar\?token=[\w-]+)/.exec(mail)?.[1];
    if (!link) await new Promise((r) => setTimeout(r, 200));
  }
  if (!link) throw new Error('O convite do portal não chegou ao SMTP local.');
  const password = 'senha-da-familia-1';
  const page = await newPage(browser, url, PHONE);
  await page.goto(link);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Repita a senha').fill(password);
  await page.getByRole('button', { name: 'Definir senha' }).click();
  await page.getByText('Senha definida.').first().waitFor();
  await page.goto('/portal');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: /^Olá, / }).waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'portal-inicio.png');
  await page
    .getByRole('link', { name: new RegExp(child.name) })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Boletim' }).click();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'portal-boletim.png');
  await page.context().close();
}

buildWhatIsStale();
fs.mkdirSync(OUT, { recursive: true });
const mails = [];
const smtp = await startSmtp((raw) => mails.push(decodeQuotedPrintable(raw.toString('utf8'))));
const server = await startServer(smtp.port);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const login = await apiOf(server.url)('POST', '/auth/login', ADMIN);
  const api = apiOf(server.url, login.access_token);
  const school = await fillSchool(api);
  await officeScreens(browser, server.url, school, api);
  await rollCallScreen(browser, server.url, school);
  await portalScreens(browser, server.url, school, api);
} finally {
  await browser.close();
  await server.stop();
  await smtp.close();
}
