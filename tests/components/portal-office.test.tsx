import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { editPanels } from '../../src/resources/extras';
import { AdminStory } from '../../stories/support';

/**
 * The office's side of the family portal (PORTAL-CONTRACT.md): on a guardian's record and an adult student's, the
 * access status, "Convidar para o portal" / "Reenviar convite" and "Revogar acesso", each by the role's permissions.
 * Against a fake `/api` (fetch stubbed with the contract's answers).
 */

configure({ asyncUtilTimeout: 5000 });

interface Call {
  method: string;
  url: string;
}

let calls: Call[];
let access: Record<string, unknown>;
/** The answer of the next invite instead of 202. */
let refuseInvite: { status: number; body: unknown } | null;
/** The server answers the link (no SMTP, or asked for it). */
let inPerson: boolean;
const LINK = 'https://escola.example/portal/ativar#token=abc123';
const WHATSAPP = `https://wa.me/?text=${encodeURIComponent(`Convite para o portal: ${LINK}`)}`;

const NONE = { status: 'none', email: null, invited_at: null, activated_at: null, last_login_at: null };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  access = { ...NONE };
  refuseInvite = null;
  inPerson = false;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    if (/\/portal-access$/.test(url) && method === 'GET') return json(200, access);
    if (/\/invite$/.test(url) && method === 'POST') {
      if (refuseInvite) return json(refuseInvite.status, refuseInvite.body);
      access = { ...access, status: 'invited', email: 'ana.oliveira@gmail.com', invited_at: '2026-11-25T13:00:00Z' };
      if (inPerson)
        return json(201, {
          message: 'Entregue o link agora.',
          link: LINK,
          expires_at: '2026-12-02T13:00:00Z',
          whatsapp_url: WHATSAPP,
        });
      return json(202, { message: 'Convite enviado para a***@gmail.com.' });
    }
    if (/\/portal-access$/.test(url) && method === 'DELETE') {
      access = { ...access, status: 'revoked' };
      return json(200, { message: 'Acesso ao portal revogado.' });
    }
    return json(404, { message: 'Não encontrado.' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ANA = { id: 31, name: 'Ana Paula Oliveira Santos', email: 'ana.oliveira@gmail.com' };

/** A record's panel, as the edit (or show) screen draws it, for a signed-in built-in role. */
function renderPanel(role: string, panel: 'guardianPortal' | 'studentPortal', record: Record<string, unknown>) {
  const permissions = BUILTIN_ROLES.find((r) => r.key === role)!.permissions;
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));
  const Panel = editPanels[panel];
  return render(
    <AdminStory titleBar={false} resource="responsaveis" authProvider={authProvider}>
      <RecordContextProvider value={record}>
        <Panel />
      </RecordContextProvider>
    </AdminStory>,
  );
}

const writes = () => calls.filter((c) => c.method !== 'GET');

describe('a guardian’s access to the portal, on their record', () => {
  it('invites a guardian without access and shows the server’s message and the new status', async () => {
    renderPanel('secretaria', 'guardianPortal', ANA);
    expect(await screen.findByText('Sem acesso')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Convidar para o portal: ${ANA.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Convidar ${ANA.name} para o portal` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar por e-mail' }));
    expect(await screen.findByText('Convite enviado para a***@gmail.com.')).toBeTruthy();
    expect(await screen.findByText('Convidado em 25/11/2026')).toBeTruthy();
    expect(screen.getByText('E-mail de acesso: ana.oliveira@gmail.com')).toBeTruthy();
    // Once the dialog has closed (its exit transition over), the panel offers to invite again.
    expect(await screen.findByRole('button', { name: `Reenviar convite: ${ANA.name}` })).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/guardians/31/invite' }]);
  });

  it('says why a guardian without e-mail cannot be invited (the 422 of the field)', async () => {
    refuseInvite = {
      status: 422,
      body: {
        message: 'Verifique os campos.',
        errors: { email: ['Cadastre o e-mail do responsável antes de convidar.'] },
      },
    };
    renderPanel('secretaria', 'guardianPortal', ANA);
    fireEvent.click(await screen.findByRole('button', { name: `Convidar para o portal: ${ANA.name}` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por e-mail' }));
    expect(await screen.findByText('Cadastre o e-mail do responsável antes de convidar.')).toBeTruthy();
    expect(screen.getByText('Sem acesso')).toBeTruthy();
  });

  it('without SMTP, shows the link once with its WhatsApp message, and forgets it when the dialog closes', async () => {
    access = { ...NONE, email_delivery: false };
    inPerson = true;
    renderPanel('secretaria', 'guardianPortal', ANA);
    fireEvent.click(await screen.findByRole('button', { name: `Convidar para o portal: ${ANA.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Convidar ${ANA.name} para o portal` });
    expect(within(dialog).getByText(/SMTP não configurado/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Enviar por e-mail' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar o link agora' }));
    const link = await within(dialog).findByLabelText('Link do convite');
    expect((link as HTMLInputElement).value).toBe(LINK);
    expect(within(dialog).getByText(/não será mostrado de novo/)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Enviar por WhatsApp/ })
        .getAttribute('href'),
    ).toBe(WHATSAPP);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    fireEvent.click(await screen.findByRole('button', { name: `Reenviar convite: ${ANA.name}` }));
    await screen.findByRole('dialog', { name: `Convidar ${ANA.name} para o portal` });
    expect(screen.queryByLabelText('Link do convite')).toBeNull();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/guardians/31/invite' }]);
  });

  it('revokes an active access only after the confirmation', async () => {
    access = { ...NONE, status: 'active', email: ANA.email, last_login_at: '2026-11-26T12:14:00.000Z' };
    renderPanel('administracao', 'guardianPortal', ANA);
    expect(await screen.findByText('Ativo — último acesso 26/11/2026 09:14')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Revogar acesso: ${ANA.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar acesso ao portal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(writes()).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: `Revogar acesso: ${ANA.name}` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Acesso ao portal revogado.')).toBeTruthy();
    expect(await screen.findByText('Revogado')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/guardians/31/portal-access' }]);
  });

  it('shows Financeiro the status without the buttons, and a teacher nothing at all', async () => {
    access = { ...NONE, status: 'invited', email: ANA.email, invited_at: '2026-11-25T13:00:00Z' };
    const clerk = renderPanel('financeiro', 'guardianPortal', ANA);
    expect(await screen.findByText('Convidado em 25/11/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Convidar|Reenviar|Revogar/ })).toBeNull();
    clerk.unmount();

    calls = [];
    renderPanel('professor', 'guardianPortal', ANA);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Portal das famílias')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('an adult student’s own access', () => {
  it('is offered on the record of a student of 18 or more, through the student’s routes', async () => {
    renderPanel('secretaria', 'studentPortal', { id: 9, name: 'Mariana Costa Lima', age: 19 });
    fireEvent.click(await screen.findByRole('button', { name: 'Convidar para o portal: Mariana Costa Lima' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por e-mail' }));
    expect(await screen.findByText('Convite enviado para a***@gmail.com.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/students/9/portal-access',
      'POST /api/students/9/invite',
      'GET /api/students/9/portal-access',
    ]);
  });

  it('is absent from a minor’s record (the family signs in as guardians)', async () => {
    renderPanel('secretaria', 'studentPortal', { id: 7, name: 'Lucas Oliveira Santos', age: 12 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Portal das famílias')).toBeNull();
    expect(calls).toEqual([]);
  });
});
