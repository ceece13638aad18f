import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_TOKEN_KEY } from '../../src/portal/api';
import { PortalApp } from '../../src/portal/PortalApp';
import { axeProblems } from './support/axe';
import { answer, fakePortal, type FakePortal } from './support/portal';
import { onPhone } from './support/media';

/**
 * A student's page in the family portal (/portal/alunos/:id): Boletim, Frequência, Financeiro and Documentos as a
 * guardian reads and uses them, against a fake `/api` (fetch stubbed with the contract's answers).
 */

configure({ asyncUtilTimeout: 5000 });

let fake: FakePortal;
let copied: string[];

beforeEach(() => {
  fake = fakePortal();
  copied = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => answer(fake, url, init));
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
  localStorage.setItem(PORTAL_TOKEN_KEY, 'portal-token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderStudent(id = 7) {
  return render(
    <MemoryRouter initialEntries={[`/portal/alunos/${id}`]}>
      <Routes>
        <Route path="/portal/*" element={<PortalApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

const openSection = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('Boletim', () => {
  it('shows grades, averages and frequencies with a comma, and each result', async () => {
    const { container } = renderStudent();
    const table = await screen.findByRole('table', { name: 'Boletim' });
    expect(screen.getByRole('heading', { name: 'Lucas Oliveira Santos' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Boletim — 8º ano A — 2026' })).toBeTruthy();
    expect(within(table).getAllByRole('row').map(cellsOf)).toEqual([
      [
        'Disciplina',
        '1º bimestre',
        '2º bimestre',
        '3º bimestre',
        '4º bimestre',
        'Média',
        'Faltas',
        'Frequência',
        'Resultado',
      ],
      ['Língua Portuguesa', '7,5', '8,0', '8,5', '—', '8,0', '18', '87,5%', 'EM CURSO'],
      ['Matemática', '5,0', '4,5', '6,0', '—', '5,2', '31', '69,8%', 'EM CURSO'],
      ['Ciências', '9,0', '9,5', '10,0', '9,0', '9,4', '4', '96,9%', 'APROVADO'],
    ]);
    expect(screen.getByText('Média para aprovação: 6,0 · Frequência mínima: 75%')).toBeTruthy();
    expect(fake.calls.find((c) => c.url === '/api/portal/students/7/report-card')?.auth).toBe('Bearer portal-token-1');
    expect(await axeProblems(container)).toEqual([]);
  });

  it('shows each discipline as a block on a phone, its grades by stage in a row', async () => {
    onPhone();
    const { container } = renderStudent();
    const list = await screen.findByRole('list', { name: 'Boletim' });
    expect(screen.queryByRole('table')).toBeNull();
    const [portuguese] = within(list).getAllByRole('listitem');
    const terms = [...portuguese.querySelectorAll('dt')].map((t) => t.textContent);
    const values = [...portuguese.querySelectorAll('dd')].map((d) => d.textContent);
    expect(terms).toEqual([
      '1º bimestre',
      '2º bimestre',
      '3º bimestre',
      '4º bimestre',
      'Média',
      'Faltas',
      'Frequência',
    ]);
    expect(values).toEqual(['7,5', '8,0', '8,5', '—', '8,0', '18', '87,5%']);
    expect(await axeProblems(container)).toEqual([]);
  });

  it('says a student not of this account was not found, without asking for their data', async () => {
    renderStudent(99);
    expect(await screen.findByText('Aluno não encontrado.')).toBeTruthy();
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/portal/me']);
  });
});

describe('Financeiro', () => {
  it('lists the open charges with the amount due today, the overdue marked, and the paid ones with a receipt', async () => {
    const { container } = renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Financeiro');
    const open = await screen.findByRole('region', { name: 'Em aberto' });
    const [october, november] = within(open).getAllByRole('listitem');
    expect(october.textContent).toContain('Mensalidade 10/2026');
    expect(october.textContent).toContain('Vencida');
    expect(october.textContent).toContain('Vencimento: 10/10/2026');
    expect(october.textContent).toContain('Valor hojeR$ 709,58');
    expect(october.textContent).toContain('Valor original R$ 680,00, com multa e juros');
    expect(november.textContent).not.toContain('Vencida');
    expect(november.textContent).toContain('Valor hojeR$ 680,00');
    expect(within(open).getByText('1 cobrança vencida: R$ 709,58 hoje.')).toBeTruthy();
    const paid = screen.getByRole('region', { name: 'Pagas' });
    expect(within(paid).getByRole('listitem').textContent).toContain('Pago em 08/09/2026 · R$ 680,00 · PIX');
    expect(within(paid).getByRole('button', { name: 'Recibo de Mensalidade 09/2026' })).toBeTruthy();
    expect(await axeProblems(container)).toEqual([]);
  });

  it('pays by PIX: the copy-and-paste code with "Copiar", and the QR image', async () => {
    renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Financeiro');
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar Mensalidade 10/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar Mensalidade 10/2026' });
    expect(within(dialog).getByText('R$ 709,58')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'PIX' }));
    const code = (await within(dialog).findByLabelText('PIX copia e cola')) as HTMLTextAreaElement;
    expect(code.value).toMatch(/^00020126580014br\.gov\.bcb\.pix/);
    expect(within(dialog).getByRole('img', { name: 'QR code do PIX' }).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    expect(await within(dialog).findByText('Código copiado. Cole no aplicativo do seu banco.')).toBeTruthy();
    expect(copied).toEqual([code.value]);
    // The demo's simulation says so, and links its page with «Pagar (simulação)».
    expect(within(dialog).getByText('Simulação: nenhum dinheiro é cobrado.')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Abrir a página de pagamento (simulação)' }).getAttribute('href'),
    ).toBe('/simulacao/pagamentos/sim-311');
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/portal/students/7/charges/311/payment',
      body: { method: 'pix' },
    });
    expect(await axeProblems(dialog)).toEqual([]);
  });

  it('downloads a paid charge’s receipt with the portal’s token', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs: the saved file's name is what the test reads.
    Object.assign(URL, { createObjectURL: () => 'blob:recibo', revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fake.answers['GET /api/portal/students/7/charges/309/receipt'] = { status: 200, body: '%PDF-1.4' };
    renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Financeiro');
    fireEvent.click(await screen.findByRole('button', { name: 'Recibo de Mensalidade 09/2026' }));
    await waitFor(() => expect(saved).toEqual(['recibo-309.pdf']));
    expect(fake.calls.at(-1)).toMatchObject({
      url: '/api/portal/students/7/charges/309/receipt',
      auth: 'Bearer portal-token-1',
    });
    click.mockRestore();
  });

  it('shows the server’s refusal of a charge already paid', async () => {
    fake.answers['POST /api/portal/students/7/charges/312/payment'] = {
      status: 422,
      body: { message: 'Esta cobrança já está paga.' },
    };
    renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Financeiro');
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar Mensalidade 11/2026' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Boleto' }));
    expect(await screen.findByText('Esta cobrança já está paga.')).toBeTruthy();
  });
});

describe('Documentos', () => {
  it('lists the issued documents with their verification link, and issues a declaration at once', async () => {
    const { container } = renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Documentos');
    const list = await screen.findByRole('list', { name: 'Documentos emitidos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(list).getByRole('link', { name: 'Verificar Histórico escolar (código R9T4-6KLB)' }).getAttribute('href'),
    ).toBe('/verificar/R9T4-6KLB');
    expect(await axeProblems(container)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Solicitar declaração de matrícula' }));
    expect(await screen.findByText('Declaração de matrícula emitida. Baixe o PDF abaixo.')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Documentos emitidos' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0].textContent).toContain('Emitido em 26/11/2026 · Código K7P2-9QXD');
    expect(
      within(items[0])
        .getByRole('link', { name: /^Verificar/ })
        .getAttribute('href'),
    ).toBe('/verificar/K7P2-9QXD');
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/portal/students/7/declarations', body: {} });
  });

  it('shows why a declaration cannot be issued', async () => {
    fake.answers['POST /api/portal/students/7/declarations'] = {
      status: 422,
      body: { message: 'O aluno não tem matrícula ativa.' },
    };
    renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Documentos');
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar declaração de matrícula' }));
    expect(await screen.findByText('O aluno não tem matrícula ativa.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Documentos emitidos' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it("shows the day's limit of declarations in the server's words, and asks once", async () => {
    const limit =
      'Você já emitiu 5 declarações de matrícula deste aluno hoje, o limite por dia. Use uma das já emitidas (em Documentos) ou tente novamente amanhã.';
    fake.answers['POST /api/portal/students/7/declarations'] = { status: 429, body: { message: limit } };
    renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Documentos');
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar declaração de matrícula' }));
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Documentos emitidos' })).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('Frequência', () => {
  it('shows the attendance as the office’s tab does, read through the portal', async () => {
    renderStudent();
    await screen.findByRole('table', { name: 'Boletim' });
    openSection('Frequência');
    expect(await screen.findByRole('table', { name: 'Frequência do aluno' })).toBeTruthy();
    expect(screen.getByText('Abaixo da frequência mínima (75%) em Matemática.')).toBeTruthy();
    expect(fake.calls.at(-1)?.url).toBe('/api/portal/students/7/attendance');
  });
});
