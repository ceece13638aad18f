import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractActions } from '../../src/students/ContractActions';
import { DocumentsTab, type IssuedDocument } from '../../src/students/DocumentsTab';
import { ExportStudentButton } from '../../src/students/StudentTabs';
import { AdminStory } from '../../stories/support';

/** The transfer dialog of tab DOCUMENTOS and the LGPD export, against a fake `/api` (fetch stubbed). */

const DOCUMENT: IssuedDocument = {
  id: 7,
  type: 'CERTIFICATE',
  folder: 'certificate',
  file_name: 'a1b2.pdf',
  created_at: '2026-02-10T14:30:00.000Z',
};
// Student 1 is the one being edited; 2 is a homonym told apart by the CPF.
const FOUND = [
  { id: 1, name: 'Maria da Silva', cpf: '52998224725' },
  { id: 2, name: 'Maria da Silva', cpf: '38615492042' },
  { id: 3, name: 'Mariana Souza', cpf: null },
];

type Answer = { status: number; body: unknown };
let calls: { url: string; method: string; body: unknown }[];
let putAnswer: Answer;

function stubApi() {
  calls = [];
  putAnswer = { status: 200, body: { data: {}, message: 'Documento transferido com sucesso!' } };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const answer: Answer =
      method === 'PUT'
        ? putAnswer
        : url.startsWith('/api/students?')
          ? { status: 200, body: { data: FOUND } }
          : { status: 404, body: { message: 'Rota não encontrada.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

beforeEach(stubApi);
afterEach(() => vi.unstubAllGlobals());

function renderTab() {
  return render(
    <AdminStory titleBar={false} resource="alunos">
      <DocumentsTab studentId={1} documents={[DOCUMENT]} />
    </AdminStory>,
  );
}

async function openAndChoose(option: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Transferir para outro aluno' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transferir documento' });
  expect(within(dialog).getByRole('button', { name: 'Transferir' })).toHaveProperty('disabled', true);
  fireEvent.change(within(dialog).getByLabelText('Aluno de destino'), { target: { value: 'maria' } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
  return dialog;
}

describe('the list of issued documents', () => {
  it('names each document in Portuguese with its issue date (the school day in São Paulo), code and file name', async () => {
    const documents: IssuedDocument[] = [
      {
        id: 1,
        type: 'HISTORY',
        folder: 'history',
        file_name: 'h.pdf',
        document_name: '000012_52998224725_HISTORY.pdf',
        code: 'HIST_0123456789ABCDEF',
        created_at: '2026-03-02T01:30:00.000Z',
      },
      {
        id: 2,
        type: 'CERTIFICATE',
        folder: 'certificate',
        file_name: 'c.pdf',
        document_name: null,
        code: null,
        created_at: '2026-02-10T14:30:00.000Z',
      },
      {
        id: 3,
        type: 'CONTRACT',
        folder: 'contract',
        file_name: 'k.pdf',
        document_name: 'contrato-000012.pdf',
        code: 'CONT_ABCDEFGHJKMNPQRS',
        created_at: '2026-03-05T13:00:00.000Z',
      },
    ];
    render(
      <AdminStory titleBar={false} resource="alunos">
        <DocumentsTab studentId={1} documents={documents} />
      </AdminStory>,
    );
    const items = within(await screen.findByRole('list', { name: 'Documentos emitidos' })).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      // 01:30 UTC is still the evening before in São Paulo.
      'Histórico escolar — emitido em 01/03/2026',
      'Certificado — emitido em 10/02/2026',
      'Contrato — emitido em 05/03/2026',
    ]);
    expect(
      within(items[0]).getByText('Código de validação: HIST_0123456789ABCDEF · 000012_52998224725_HISTORY.pdf'),
    ).toBeTruthy();
    expect(screen.queryByText(/HISTORY —|CERTIFICATE —|CONTRACT —/)).toBeNull();
  });
});

describe('transfer of an issued document', () => {
  it('searches the server as the user types, shows homonyms with their CPF, never the student itself', async () => {
    renderTab();
    const dialog = await openAndChoose('MARIA DA SILVA — 386.154.920-42');
    // The typed text's search (the select may also have read its first page before any typing).
    const searches = calls
      .filter((c) => c.url.startsWith('/api/students'))
      .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
    expect(searches.find((query) => query.search)).toEqual({
      search: 'maria',
      perPage: '20',
      sortBy: 'name',
      sortDesc: '0',
    });
    fireEvent.mouseDown(within(dialog).getByLabelText('Aluno de destino'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['MARIA DA SILVA — 386.154.920-42', 'MARIANA SOUZA']);
  });

  it('moves the document with PUT /documents/{id} and shows the server message', async () => {
    renderTab();
    const dialog = await openAndChoose('MARIA DA SILVA — 386.154.920-42');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText('Documento transferido com sucesso!')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { url: '/api/documents/7', method: 'PUT', body: { student_id: 2 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transferir documento' })).toBeNull());
  });

  it('shows the refusal of the server as an error and keeps the dialog open', async () => {
    putAnswer = {
      status: 422,
      body: { message: 'O aluno selecionado não existe.', errors: { student_id: ['O aluno selecionado não existe.'] } },
    };
    renderTab();
    const dialog = await openAndChoose('MARIANA SOUZA');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText('O aluno selecionado não existe.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Transferir documento' })).toBeTruthy();
  });

  it('cancels without asking the server anything but the search', async () => {
    renderTab();
    const dialog = await openAndChoose('MARIANA SOUZA');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transferir documento' })).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe("an enrolment's contract", () => {
  it('issues a new contract only after a warning that the current one and its code stop being valid', async () => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      return new Response(
        JSON.stringify({
          data: {},
          message: 'Contrato atualizado com sucesso! O contrato anterior foi retirado e seu código deixou de valer.',
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    render(
      <AdminStory titleBar={false} resource="alunos">
        <ContractActions
          studentId={1}
          enrolment={{
            id: 12,
            number: '000012',
            team: { id: 4 },
            file_url_contract: '/exports/student-contract/1/4',
            contract_updated_at: '2026-03-05T13:00:00.000Z',
          }}
        />
      </AdminStory>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Atualizar contrato da matrícula 000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir um novo contrato?' });
    expect(
      within(dialog).getByText(
        /o código impresso nele deixará de ser válido na verificação pública, inclusive na via já entregue/,
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Emitir um novo contrato?' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Atualizar contrato da matrícula 000012' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Emitir um novo contrato?' })).getByRole('button', {
        name: 'Sim, emitir novo contrato',
      }),
    );
    expect(
      await screen.findByText(
        'Contrato atualizado com sucesso! O contrato anterior foi retirado e seu código deixou de valer.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { url: '/api/exports/student-contract/1/4', method: 'POST', body: { reissue: true } },
    ]);
  });
});

describe('LGPD export', () => {
  function renderButton() {
    return render(
      <AdminStory titleBar={false} resource="alunos">
        <ExportStudentButton studentId={42} />
      </AdminStory>,
    );
  }

  it('saves the answer of GET /students/{id}/export as aluno-{id}-dados.json', async () => {
    localStorage.setItem('secretaria.token', 'tok-123');
    const saved: { download: string; href: string }[] = [];
    const headers: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      headers.push([url, init.headers]);
      return new Response(JSON.stringify({ student: { id: 42 } }), { status: 200 });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar dados (LGPD)' }));
    await waitFor(() => expect(saved).toEqual([{ download: 'aluno-42-dados.json', href: 'blob:export' }]));
    // The screens ask every answer's dates as ISO (server/crud/dates.ts).
    expect(headers).toEqual([['/api/students/42/export', { Authorization: 'Bearer tok-123', 'X-Date-Format': 'iso' }]]);
    click.mockRestore();
  });

  it('tells the user when the export fails', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message: 'Aluno não encontrado.' }), { status: 404 }),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar dados (LGPD)' }));
    expect(await screen.findByText('Não foi possível exportar os dados do aluno.')).toBeTruthy();
  });
});
