import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { GuardiansTab, type GuardianLink } from '../../src/students/GuardiansTab';
import { AdminStory } from '../../stories/support';
import { LUCAS_GUARDIANS } from '../../stories/support/guardians';
import { onPhone } from './support/media';

/** Tab RESPONSÁVEIS against a fake `/api` (fetch stubbed): what the secretary reads and does on a student's record. */

configure({ asyncUtilTimeout: 5000 });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

let calls: Call[];
let links: GuardianLink[];
/** A refusal the next write gets instead of the fake server's answer. */
let refuse: { status: number; body: unknown } | null;

const ROSA = { id: 88, name: 'Rosa Maria Ferreira', cpf: '12345678909', email: null, phone: '91981110000' };

/** Each guardian's access to the family portal: the mother signed in, the father was invited, the grandmother none. */
const PORTAL_ACCESS: Record<string, unknown> = {
  none: { status: 'none', email: null, invited_at: null, activated_at: null, last_login_at: null },
  31: {
    status: 'active',
    email: 'ana.oliveira@gmail.com',
    invited_at: '2026-11-20T13:00:00.000Z',
    activated_at: '2026-11-20T14:00:00.000Z',
    last_login_at: '2026-11-26T12:14:00.000Z',
  },
  32: {
    status: 'invited',
    email: 'ricardo.ferreira@hotmail.com',
    invited_at: '2026-11-25T13:00:00.000Z',
    activated_at: null,
    last_login_at: null,
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  links = LUCAS_GUARDIANS.map((l) => ({ ...l }));
  refuse = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    const { pathname, searchParams } = new URL(url, 'http://escola.test');
    if (method !== 'GET' && refuse) return json(refuse.status, refuse.body);
    if (method === 'GET' && pathname === '/api/students/7/guardians') return json(200, { data: links });
    const portal = /^\/api\/guardians\/(\d+)\/portal-access$/.exec(pathname);
    if (method === 'GET' && portal) return json(200, PORTAL_ACCESS[portal[1]] ?? PORTAL_ACCESS.none);
    if (method === 'GET' && pathname === '/api/guardians') {
      const digits = (searchParams.get('search') ?? '').replace(/\D+/g, '');
      const found = digits && ROSA.cpf.includes(digits) ? [ROSA] : [];
      return json(200, { data: found, total: found.length });
    }
    if (method === 'POST' && pathname === '/api/guardians') {
      const created = { id: 90, ...(body as { name: string; cpf: string }) };
      return json(201, { data: created, message: 'Responsável cadastrado com sucesso.' });
    }
    if (method === 'POST' && pathname === '/api/students/7/guardians') {
      const sent = body as Pick<GuardianLink, 'guardian_id' | 'kinship'>;
      const name = sent.guardian_id === 90 ? 'Joaquim Pereira' : ROSA.name;
      const link = { cpf: null, email: null, phone: null, financial_responsible: false, ...sent, name };
      links = [...links, { pedagogical_responsible: false, ...link }];
      return json(201, { data: link, message: 'Responsável vinculado ao aluno.' });
    }
    const unlinked = /^\/api\/students\/7\/guardians\/(\d+)$/.exec(pathname);
    if (method === 'DELETE' && unlinked) {
      links = links.filter((l) => l.guardian_id !== Number(unlinked[1]));
      return json(200, { message: 'Responsável desvinculado do aluno.' });
    }
    return json(404, { message: 'Não encontrado.' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Signed in with a built-in role (the app's authProvider reads the permissions kept at sign-in). */
function renderAs(role: string) {
  const permissions = BUILTIN_ROLES.find((r) => r.key === role)!.permissions;
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));
  return render(
    <AdminStory titleBar={false} resource="alunos" authProvider={authProvider}>
      <GuardiansTab studentId={7} />
    </AdminStory>,
  );
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('cell')
    .map((c) => c.textContent);

async function openLinkDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Vincular responsável' }));
  return screen.findByRole('dialog', { name: 'Vincular responsável' });
}

function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

const writes = () => calls.filter((c) => c.method !== 'GET');

describe('tab RESPONSÁVEIS', () => {
  it('lists the guardians read from the server: kinship, CPF and phone formatted, their roles and portal', async () => {
    renderAs('secretaria');
    const table = await screen.findByRole('table', { name: 'Responsáveis do aluno' });
    await screen.findByText('Convidado em 25/11/2026');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/students/7/guardians',
      '/api/guardians/31/portal-access',
      '/api/guardians/57/portal-access',
      '/api/guardians/32/portal-access',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map(cellsOf)).toEqual([
      [
        'Ana Paula Oliveira Santos',
        'Mãe',
        '529.982.247-25',
        '(91) 98888-7777',
        'ana.oliveira@gmail.com',
        'Responsável financeiro',
        'Ativo — último acesso 26/11/2026 09:14Revogar acesso',
        '',
      ],
      [
        'Maria das Graças Oliveira',
        'Avó/Avô',
        '703.551.902-57',
        '(91) 3222-0000',
        '—',
        '',
        'Sem acessoConvidar para o portal',
        '',
      ],
      [
        'Ricardo Santos Ferreira',
        'Pai',
        '418.237.659-55',
        '(91) 99123-4567',
        'ricardo.ferreira@hotmail.com',
        'Responsável pedagógico',
        'Convidado em 25/11/2026Reenviar conviteRevogar acesso',
        '',
      ],
    ]);
    expect(within(rows[1]).getByRole('button', { name: 'Desvincular Ana Paula Oliveira Santos' })).toBeTruthy();
  });

  it('links a guardian found by CPF, as the mother and financial responsible', async () => {
    renderAs('secretaria');
    const dialog = await openLinkDialog();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Nome ou CPF do responsável' }), {
      target: { value: '123.456.789' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Rosa Maria Ferreira — CPF 123.456.789-09' }));
    choose(dialog, 'Parentesco', 'Mãe');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Responsável financeiro' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));

    expect(await screen.findByText('Responsável vinculado ao aluno.')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/students/7/guardians',
        body: { guardian_id: 88, kinship: 'mae', financial_responsible: true, pedagogical_responsible: false },
      },
    ]);
    // Found by the typed CPF (the list read on opening, before typing, has no search).
    expect(calls.filter((c) => c.url.startsWith('/api/guardians?')).at(-1)!.url).toContain('search=123.456.789');
    // The list is read again: Rosa is on it, the dialog is gone.
    expect(await screen.findByRole('cell', { name: 'Rosa Maria Ferreira' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('registers a new guardian in the same dialog, then links them', async () => {
    renderAs('secretaria');
    const dialog = await openLinkDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar novo' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Joaquim Pereira' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'CPF' }), { target: { value: '28610453707' } });
    expect((within(dialog).getByRole('textbox', { name: 'CPF' }) as HTMLInputElement).value).toBe('286.104.537-07');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Telefone' }), { target: { value: '91987654321' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'joaquim@gmail.com' },
    });
    choose(dialog, 'Parentesco', 'Tia/Tio');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Responsável pedagógico' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));

    expect(await screen.findByText('Responsável vinculado ao aluno.')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/guardians',
        body: { name: 'Joaquim Pereira', cpf: '28610453707', phone: '91987654321', email: 'joaquim@gmail.com' },
      },
      {
        method: 'POST',
        url: '/api/students/7/guardians',
        body: { guardian_id: 90, kinship: 'tio', financial_responsible: false, pedagogical_responsible: true },
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'Joaquim Pereira' })).toBeTruthy();
  });

  it("marks the new guardian's invalid CPF under its field and keeps what was typed", async () => {
    renderAs('secretaria');
    const dialog = await openLinkDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar novo' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Joaquim Pereira' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'CPF' }), { target: { value: '11111111111' } });
    choose(dialog, 'Parentesco', 'Outro');
    refuse = { status: 422, body: { message: 'Dados inválidos.', errors: { cpf: ['CPF inválido.'] } } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));

    expect(await within(dialog).findByText('CPF inválido.')).toBeTruthy();
    expect(await screen.findByText('1 campo precisa de atenção: veja a mensagem em vermelho.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Nome' }) as HTMLInputElement).value).toBe('Joaquim Pereira');
    expect(writes().map((c) => c.url)).toEqual(['/api/guardians']);
  });

  it('shows under the flag why a minor cannot be left without a financial responsible, keeping the dialog', async () => {
    renderAs('secretaria');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar vínculo de Ana Paula Oliveira Santos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vínculo de Ana Paula Oliveira Santos' });
    const financial = within(dialog).getByRole('checkbox', { name: 'Responsável financeiro' });
    expect((financial as HTMLInputElement).checked).toBe(true);
    fireEvent.click(financial);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Responsável pedagógico' }));
    const rule = 'Aluno menor de 18 anos precisa de um responsável financeiro.';
    refuse = { status: 422, body: { message: 'Dados inválidos.', errors: { financial_responsible: [rule] } } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(dialog).findByText(rule)).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/students/7/guardians/31',
        body: { kinship: 'mae', financial_responsible: false, pedagogical_responsible: true },
      },
    ]);
    // What was changed is still there to correct.
    expect((within(dialog).getByRole('checkbox', { name: 'Responsável pedagógico' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('asks before unlinking, and shows the refusal of the financial rule in words', async () => {
    renderAs('secretaria');
    fireEvent.click(await screen.findByRole('button', { name: 'Desvincular Ana Paula Oliveira Santos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desvincular responsável?' });
    expect(writes()).toEqual([]);
    const rule = 'Aluno menor de 18 anos precisa de um responsável financeiro.';
    refuse = { status: 422, body: { message: 'Dados inválidos.', errors: { financial_responsible: [rule] } } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desvincular' }));
    expect(await within(dialog).findByText(rule)).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/students/7/guardians/31', body: undefined }]);
  });

  it('unlinks after the question, and reads again the list and the portal access of those who stay', async () => {
    renderAs('secretaria');
    fireEvent.click(await screen.findByRole('button', { name: 'Desvincular Ana Paula Oliveira Santos' }));
    const portalReads = () => calls.filter((c) => c.url === '/api/guardians/57/portal-access').length;
    await waitFor(() => expect(portalReads()).toBe(1));
    const dialog = await screen.findByRole('dialog', { name: 'Desvincular responsável?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desvincular' }));
    expect(await screen.findByText('Responsável desvinculado do aluno.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ana Paula Oliveira Santos')).toBeNull());
    // One change refreshes every screen showing the student: the portal's access of the father is read again.
    await waitFor(() => expect(portalReads()).toBe(2));
  });

  it('shows Direção the guardians without a button that changes them', async () => {
    renderAs('direcao');
    const table = await screen.findByRole('table', { name: 'Responsáveis do aluno' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Vincular responsável' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Editar vínculo|Desvincular)/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).toBeNull();
    // The portal's status (students.personal) without its buttons (students.write).
    expect(await screen.findByText('Convidado em 25/11/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Convidar|Reenviar|Revogar/ })).toBeNull();
  });

  it('shows each guardian as two lines on a phone', async () => {
    onPhone();
    renderAs('secretaria');
    const list = await screen.findByRole('list', { name: 'Responsáveis do aluno' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('Ana Paula Oliveira Santos · Mãe')).toBeTruthy();
    expect(
      within(items[0]).getByText('CPF 529.982.247-25 · (91) 98888-7777 · ana.oliveira@gmail.com', { exact: false }),
    ).toBeTruthy();
    expect(within(items[0]).getByText('Responsável financeiro')).toBeTruthy();
  });

  it("shows the server's refusal in place of the list", async () => {
    vi.stubGlobal('fetch', async () => json(404, { message: 'Aluno não encontrado.' }));
    renderAs('secretaria');
    expect(await screen.findByText('Aluno não encontrado.')).toBeTruthy();
  });
});
