import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CertificatePage } from '../../src/documents/CertificatePage';
import { RecordContextProvider } from 'react-admin';
import { HistoryPage } from '../../src/documents/HistoryPage';
import { RecordTabs } from '../../src/resources/RecordTabs';
import { AdminStory } from '../../stories/support';
import { HISTORY_DATA, STUDENT, TEMPLATES } from '../../stories/documentsFixtures';

/** The history and certificate editors against a fake `/api` (fetch stubbed): what they refuse and send. */

type Answer = { status: number; body: unknown };
let calls: { url: string; method: string; body: unknown }[];
let answers: Record<string, Answer>;

beforeEach(() => {
  calls = [];
  answers = {
    'GET /api/students/5': { status: 200, body: [STUDENT] },
    'GET /api/documents/5/history-data?team_id=1': { status: 200, body: { data: HISTORY_DATA, stored: null } },
    'GET /api/text-documents?page=0&sortBy=name&sortDesc=0': { status: 200, body: { data: TEMPLATES } },
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    if (url.startsWith('/api/documents/storage/'))
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    const answer = answers[`${method} ${url}`] ?? { status: 404, body: { message: 'Rota não encontrada.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  URL.createObjectURL = () => 'blob:documento';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

const posts = () => calls.filter((c) => c.method === 'POST');

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function renderHistory() {
  return render(
    <AdminStory path="/admin/historico/5/registrar" route="/admin/historico/:student/registrar" resource="alunos">
      <HistoryPage />
    </AdminStory>,
  );
}

function renderCertificate() {
  return render(
    <AdminStory path="/admin/certificado/5/registrar" route="/admin/certificado/:student/registrar" resource="alunos">
      <CertificatePage />
    </AdminStory>,
  );
}

describe('school history editor', () => {
  it('previews the grid of the chosen team with the school city, today and the stage ordinals', async () => {
    renderHistory();
    expect(await screen.findByDisplayValue('HELOÍSA MARTINS COSTA')).toBeTruthy();
    await choose('Turma', 'TURMA MÉDIO 2026 A');
    const preview = await screen.findByRole('region', { name: 'Prévia do histórico' });
    expect(within(preview).getByText('529.982.247-25')).toBeTruthy();
    expect(within(preview).getByText('1ª, 2ª e 3ª')).toBeTruthy();
    expect(within(preview).getByText('240 h')).toBeTruthy();
    expect(within(preview).getAllByText('7.5')).toHaveLength(2);
    expect((screen.getByLabelText(/Cidade/) as HTMLInputElement).value).toBe('Ananindeua');
    expect(screen.getByRole('combobox', { name: /UF/ }).textContent).toBe('PA');
    // The school's passing average from its settings, not 0.
    expect((screen.getByLabelText(/Média de aprovação/) as HTMLInputElement).value).toBe('6,0');
  });

  it("shows each discipline's frequency and its result, judged against the passing average typed in the form", async () => {
    const [portuguese, math] = HISTORY_DATA.rows;
    answers['GET /api/documents/5/history-data?team_id=1'] = {
      status: 200,
      body: {
        data: { ...HISTORY_DATA, rows: [portuguese, math, { ...math, discipline: 'Física', frequency: 87.5 }] },
        stored: null,
      },
    };
    renderHistory();
    await choose('Turma', 'TURMA MÉDIO 2026 A');
    const preview = await screen.findByRole('region', { name: 'Prévia do histórico' });
    // The row's last two cells: Frequência and Resultado.
    const row = (name: string) => {
      const cells = within(preview).getByText(name.toLocaleUpperCase('pt-BR')).closest('tr')!.querySelectorAll('td');
      return Array.from(cells, (c) => c.textContent)
        .slice(-2)
        .join(' | ');
    };
    expect(within(preview).getByRole('columnheader', { name: 'Frequência' })).toBeTruthy();
    expect(row('Língua Portuguesa')).toBe('— | EM CURSO');
    expect(row('Matemática')).toBe('60,0% | REPROVADO POR FALTA');
    expect(row('Física')).toBe('87,5% | APROVADO');
    expect(within(preview).getByText('75%', { exact: false })).toBeTruthy();
    // A higher passing average typed in the form fails Física's 8,0, as the issued PDF will say.
    fireEvent.change(screen.getByLabelText(/Média de aprovação/), { target: { value: '8,5' } });
    expect(row('Física')).toBe('87,5% | REPROVADO');
    expect(row('Matemática')).toBe('60,0% | REPROVADO POR FALTA');
  });

  it("takes the school's state from its settings, and after saving shows the student's DOCUMENTOS tab", async () => {
    answers['GET /api/documents/5/history-data?team_id=1'] = {
      status: 200,
      body: {
        data: { ...HISTORY_DATA, school: { name: 'Escola Modelo', city: 'Campinas', uf: 'SP', average: '7,0' } },
        stored: null,
      },
    };
    answers['POST /api/documents/5/history'] = {
      status: 201,
      body: { data: { id: 8 }, message: 'Histórico gerado com sucesso!' },
    };
    renderHistory();
    await choose('Turma', 'TURMA MÉDIO 2026 A');
    expect(((await screen.findByLabelText(/Cidade/)) as HTMLInputElement).value).toBe('Campinas');
    expect(screen.getByRole('combobox', { name: /UF/ }).textContent).toBe('SP');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar notas no histórico' }));
    expect(await screen.findByText('/admin/alunos/5/editar?aba=documentos', {}, { timeout: 3000 })).toBeTruthy();
    expect(posts()[0].body).toMatchObject({ city: 'Campinas', uf: 'SP', average: '7,0' });
  });

  it('opens the tab a link names (?aba=documentos) on the student record', async () => {
    render(
      <AdminStory path="/admin/alunos/5/editar?aba=documentos" route="/admin/alunos/:id/editar" resource="alunos">
        <RecordContextProvider value={{ id: 5, documents: [], registrations: [] }}>
          <RecordTabs name="studentTabs" maxWidth={900}>
            <p>Formulário</p>
          </RecordTabs>
        </RecordContextProvider>
      </AdminStory>,
    );
    expect((await screen.findByRole('tab', { name: 'Documentos' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Cadastro' }).getAttribute('aria-selected')).toBe('false');
  });

  it("asks for every field ('Por favor, preencha todos os campos.') without calling the server, and keeps day and year to 2 and 4 digits", async () => {
    renderHistory();
    await choose('Turma', 'TURMA MÉDIO 2026 A');
    const city = await screen.findByLabelText(/Cidade/);
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/Dia/), { target: { value: '123' } });
    expect((screen.getByLabelText(/Dia/) as HTMLInputElement).value).toBe('12');
    fireEvent.change(screen.getByLabelText(/Ano/), { target: { value: '2026x7' } });
    expect((screen.getByLabelText(/Ano/) as HTMLInputElement).value).toBe('2026');
    fireEvent.click(screen.getByRole('button', { name: 'Gerar PDF' }));
    // Under the empty field and in the toast.
    expect(await screen.findAllByText('Por favor, preencha todos os campos.')).toHaveLength(2);
    expect(posts()).toEqual([]);
  });

  it('marks the field the server refused and sends the form as the API takes it', async () => {
    answers['POST /api/documents/5/history'] = {
      status: 422,
      body: { message: 'O ano deve ter 4 dígitos.', errors: { year: ['O ano deve ter 4 dígitos.'] } },
    };
    renderHistory();
    await choose('Turma', 'TURMA MÉDIO 2026 A');
    fireEvent.change(await screen.findByLabelText(/Ano/), { target: { value: '26' } });
    fireEvent.change(screen.getByLabelText(/Média de aprovação/), { target: { value: '7,0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar notas no histórico' }));
    await waitFor(() => expect(screen.getAllByText('O ano deve ter 4 dígitos.').length).toBe(2));
    expect(screen.getByLabelText(/Ano/).getAttribute('aria-invalid')).toBe('true');
    expect(posts()[0].body).toMatchObject({ team_id: 1, city: 'Ananindeua', uf: 'PA', year: '26', average: '7,0' });
  });

  it('shows a stored history in the page instead of the editor, with Apagar histórico', async () => {
    answers['GET /api/documents/5/history-data?team_id=1'] = {
      status: 200,
      body: {
        data: HISTORY_DATA,
        stored: { id: 8, code: 'HIST_0123456789ABCDEF', folder: 'history', file_name: 'h.pdf' },
      },
    };
    renderHistory();
    await choose('Turma', 'TURMA MÉDIO 2026 A');
    const frame = await screen.findByTitle('Histórico escolar emitido');
    expect(frame.getAttribute('src')).toBe('blob:documento');
    expect(screen.getByRole('button', { name: 'Apagar histórico' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerar PDF' })).toBeNull();
    expect(screen.getByText('HIST_0123456789ABCDEF')).toBeTruthy();

    // Revoked after the confirmation (spec §2.9, issue 35): the server's message, and the editor comes back.
    answers['GET /api/documents/history/h.pdf/remove'] = {
      status: 200,
      body: { message: 'Documento revogado: o código deixou de valer.' },
    };
    answers['GET /api/documents/5/history-data?team_id=1'] = {
      status: 200,
      body: { data: HISTORY_DATA, stored: null },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Apagar histórico' }));
    const asked = await screen.findByRole('dialog', { name: 'Deseja confirmar a ação?' });
    fireEvent.click(within(asked).getByRole('button', { name: 'Sim, apague!' }));
    expect(await screen.findByText('Documento revogado: o código deixou de valer.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Gerar PDF' })).toBeTruthy();
    expect(screen.queryByTitle('Histórico escolar emitido')).toBeNull();
  });
});

describe('certificate editor', () => {
  it('refuses to generate without a registration and a text, naming both', async () => {
    renderCertificate();
    await screen.findByText('Heloísa Martins Costa');
    fireEvent.click(screen.getByRole('button', { name: 'Gerar PDF' }));
    expect(
      await screen.findAllByText('Você não selecionou um texto ou a matrícula para gerar o certificado.'),
    ).toHaveLength(3);
    await choose('Matrícula(s)', '000012 / TURMA MÉDIO 2026 A');
    fireEvent.click(screen.getByRole('button', { name: 'Gerar PDF' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Texto de Documentos' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(posts()).toEqual([]);
  });

  it("fills 'Linha 1' with the template's text and the year, previews it, and shows the code the server answers", async () => {
    answers['POST /api/documents/5/certificate'] = {
      status: 201,
      body: {
        data: { id: 9, code: 'CERT_ABCDEFGHJKMNPQRS', folder: 'certificate', file_name: 'c.pdf' },
        message: 'Certificado gerado com sucesso!',
      },
    };
    renderCertificate();
    expect(await screen.findByDisplayValue('gerado ao salvar')).toBeTruthy();
    expect(((await screen.findByLabelText('Linha 2')) as HTMLInputElement).value).toBe(
      'CPF 529.982.247-25, nascido(a) em 01/03/2008, natural de Belém - PA',
    );
    await choose('Matrícula(s)', '000012 / TURMA MÉDIO 2026 A');
    await choose('Texto de Documentos', 'Certificado de conclusão');
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(
      new Date(),
    );
    const expected = `Concluiu o Ensino Médio no ano letivo de ${year}, com aproveitamento.`;
    expect((screen.getAllByLabelText('Linha 1')[0] as HTMLTextAreaElement).value).toBe(expected);
    expect(within(screen.getByRole('region', { name: 'Prévia do certificado' })).getByText(expected)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar PDF' }));
    expect(await screen.findByText('Certificado gerado com sucesso!')).toBeTruthy();
    expect(await screen.findByDisplayValue('CERT_ABCDEFGHJKMNPQRS')).toBeTruthy();
    expect(screen.getByText('Código de validação: CERT_ABCDEFGHJKMNPQRS')).toBeTruthy();
    expect(posts()[0]).toMatchObject({
      url: '/api/documents/5/certificate',
      body: { registration_id: 12, text_document_id: 3, text: expected },
    });
  });

  it('shows the stored certificate of the chosen registration in a 680 px frame with Apagar Certificado', async () => {
    answers['GET /api/students/5'] = {
      status: 200,
      body: [
        {
          ...STUDENT,
          documents: [
            {
              id: 9,
              type: 'CERTIFICATE',
              code: 'CERT_ABCDEFGHJKMNPQRS',
              folder: 'certificate',
              file_name: 'c.pdf',
              registration_id: 30,
              created_at: '2026-11-23T13:00:00.000Z',
            },
          ],
        },
      ],
    };
    renderCertificate();
    await choose('Matrícula(s)', '000012 / TURMA MÉDIO 2026 A');
    expect(screen.getByRole('button', { name: 'Gerar PDF' })).toBeTruthy();
    await choose('Matrícula(s)', '000030 / TÉCNICO EM ENFERMAGEM');
    expect(await screen.findByTitle('Certificado emitido')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apagar Certificado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerar PDF' })).toBeNull();
  });

  it("the simpler flow: a template and a typed registration number, with the spec's message when one is missing", async () => {
    renderCertificate();
    await screen.findByText('Heloísa Martins Costa');
    fireEvent.click(screen.getByRole('tab', { name: 'Texto e número da matrícula' }));
    const form = screen.getByRole('region', { name: 'Certificado simples' });
    fireEvent.click(within(form).getByRole('button', { name: 'Gerar PDF' }));
    // Under both fields and in the toast.
    expect(
      await screen.findAllByText('Você não selecionou um texto ou a matrícula para gerar o certificado.'),
    ).toHaveLength(3);
    const number = within(form).getByLabelText('Número da matrícula') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '00a0000' } });
    expect(number.value).toBe('000000');
    await choose('Texto de Documentos', 'Certificado de conclusão');
    fireEvent.click(within(form).getByRole('button', { name: 'Gerar PDF' }));
    expect(
      await within(form).findByText('Informe o número da matrícula com até 6 dígitos (por exemplo, 000012).'),
    ).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);

    // Issued: the stored certificate of that enrolment is shown, with Apagar Certificado.
    answers['POST /api/documents/5/certificate'] = {
      status: 201,
      body: {
        data: { id: 9, code: 'CERT_ABCDEFGHJKMNPQRS', folder: 'certificate', file_name: 'c.pdf', registration_id: 12 },
        message: 'Certificado gerado com sucesso!',
      },
    };
    answers['GET /api/students/5'] = {
      status: 200,
      body: [
        {
          ...STUDENT,
          documents: [
            {
              id: 9,
              type: 'CERTIFICATE',
              code: 'CERT_ABCDEFGHJKMNPQRS',
              folder: 'certificate',
              file_name: 'c.pdf',
              registration_id: 12,
              created_at: '2026-11-23T13:00:00.000Z',
            },
          ],
        },
      ],
    };
    fireEvent.change(number, { target: { value: '000012' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Gerar PDF' }));
    expect(await screen.findByTitle('Certificado emitido')).toBeTruthy();
    expect(posts()).toEqual([
      expect.objectContaining({
        url: '/api/documents/5/certificate',
        body: { text_document_id: 3, registration_number: '000012' },
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Apagar Certificado' })).toBeTruthy();
  });

  it("shows the server's refusal of a number that is not the student's under the field", async () => {
    answers['POST /api/documents/5/certificate'] = {
      status: 422,
      body: {
        message: 'Matrícula não encontrada para este aluno.',
        errors: { registration_number: ['Matrícula não encontrada para este aluno.'] },
      },
    };
    renderCertificate();
    await screen.findByText('Heloísa Martins Costa');
    fireEvent.click(screen.getByRole('tab', { name: 'Texto e número da matrícula' }));
    await choose('Texto de Documentos', 'Certificado de curso livre');
    fireEvent.change(screen.getByLabelText('Número da matrícula'), { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gerar PDF' }));
    await waitFor(() => expect(screen.getAllByText('Matrícula não encontrada para este aluno.')).toHaveLength(2));
    expect(screen.getByLabelText('Número da matrícula').getAttribute('aria-invalid')).toBe('true');
  });
});
