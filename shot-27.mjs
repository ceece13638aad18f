import { chromium } from 'playwright-core';
const base = 'http://localhost:8099';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@escola.test', password: 'senha-forte-123' }) })).json();
const auth = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
// A student with an enrolment and charges.
const regs = (await (await fetch(`${base}/api/registrations?page=1&perPage=1`, { headers: auth })).json());
const fin = (await (await fetch(`${base}/api/financials?page=1&perPage=1&sortBy=due_date`, { headers: auth })).json());
console.log('regs', JSON.stringify(regs).slice(0, 200));
console.log('fin', JSON.stringify(fin).slice(0, 300));
const student = fin.data?.[0]?.student_id ?? fin.data?.[0]?.registration?.student_id;
for (const [w, h] of [[1366, 768], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('E-mail').fill('admin@escola.test');
  await page.getByLabel('Senha').fill('senha-forte-123');
  await page.getByRole('button', { name: /entrar/i }).click();
  await page.waitForURL(/dashboard|admin\/?$/);
  await page.waitForTimeout(2500);
  const panel = page.getByText(/Financeiro —/).first();
  if (await panel.count()) await panel.scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/s27-dash-${w}.png`, fullPage: false });
  await page.goto(`${base}/admin/tarefas`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/s27-jobs-${w}.png`, fullPage: false });
  await page.goto(`${base}/admin/configuracoes`);
  await page.getByText('Multa, juros e descontos').first().waitFor({ timeout: 15000 }).catch(() => console.log('no settings section'));
  await page.getByText('Multa, juros e descontos').first().scrollIntoViewIfNeeded().catch(() => {});
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/s27-settings-${w}.png`, fullPage: false });
  if (student) {
    await page.goto(`${base}/admin/alunos/${student}/show`);
    await page.waitForTimeout(2000);
    await page.getByRole('tab', { name: /FINANCEIRO/i }).click().catch(() => console.log('no fin tab'));
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/s27-fintab-${w}.png`, fullPage: false });
    await page.getByRole('button', { name: /Aplicar plano/i }).first().click().catch(() => console.log('no apply plan'));
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/s27-plan-${w}.png`, fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /MATR/i }).click().catch(() => console.log('no matr tab'));
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/s27-matr-${w}.png`, fullPage: false });
  }
  await page.close();
}
await browser.close();
