import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { FinanceTab } from '../../src/finance/FinanceTab';
import { RecordTabs } from '../../src/resources/RecordTabs';
import { DocumentsTab, type IssuedDocument } from '../../src/students/DocumentsTab';
import { AdminStory } from '../../stories/support';
import { ENROLMENTS } from '../../stories/support/finance';

/**
 * Our own buttons and tabs follow the signed-in role's permissions (issue 24), as react-admin's canAccess does
 * for create, edit and delete: what the server would refuse with a 403 is not offered. Against a fake `/api`.
 */

configure({ asyncUtilTimeout: 5000 });

const DOCUMENT: IssuedDocument = {
  id: 7,
  type: 'CERTIFICATE',
  folder: 'certificate',
  file_name: 'a1b2.pdf',
  created_at: '2026-02-10T14:30:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.startsWith('/api/service-types')
      ? { data: [{ id: 1, name: 'Mensalidade' }] }
      : url.startsWith('/api/payment-types')
        ? { data: [{ id: 4, name: 'Boleto' }] }
        : { data: [], total: 0 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Signed in with a built-in role: the user and permissions the sign-in keeps, with the app's authProvider. */
function renderAs(role: string, children: ReactNode) {
  const permissions = BUILTIN_ROLES.find((r) => r.key === role)!.permissions;
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));
  return render(
    <AdminStory titleBar={false} resource="alunos" authProvider={authProvider}>
      {children}
    </AdminStory>,
  );
}

const renderStudentTabs = (role: string) =>
  renderAs(
    role,
    <RecordContextProvider value={{ id: 9, registrations: ENROLMENTS, documents: [DOCUMENT] }}>
      <RecordTabs name="studentTabs" maxWidth={900}>
        <p>Formulário do aluno</p>
      </RecordTabs>
    </RecordContextProvider>,
  );

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('the student’s tabs and the LGPD export by role', () => {
  it('shows FINANCEIRO to the finance clerk but not the access log; both, and the export, to Administração', () => {
    const clerk = renderStudentTabs('financeiro');
    expect(tabNames()).toContain('Financeiro');
    // Whom to charge: the clerk reads the guardians (students.personal).
    expect(tabNames()).toContain('Responsáveis');
    expect(tabNames()).not.toContain('Acessos (LGPD)');
    expect(screen.getByRole('button', { name: 'Exportar dados (LGPD)' })).toBeTruthy();
    clerk.unmount();

    renderStudentTabs('administracao');
    expect(tabNames()).toEqual([
      'Cadastro',
      'Matrículas',
      'Responsáveis',
      'Financeiro',
      'Documentos',
      'Frequência',
      'Livros',
      'Observações',
      'Acessos (LGPD)',
    ]);
    expect(screen.getByRole('button', { name: 'Exportar dados (LGPD)' })).toBeTruthy();
  });

  it('shows a teacher neither RESPONSÁVEIS, FINANCEIRO, DOCUMENTOS, the access log nor the export of personal data', () => {
    renderStudentTabs('professor');
    // Issued documents carry the CPF and the whole identification, guardians their CPF and phone: personal data.
    expect(tabNames()).toEqual(['Cadastro', 'Matrículas', 'Frequência', 'Livros', 'Observações']);
    expect(screen.queryByRole('button', { name: 'Exportar dados (LGPD)' })).toBeNull();
  });
});

describe('tab DOCUMENTOS by role', () => {
  it('lets the finance clerk download a document, and neither issue, move nor remove one', () => {
    renderAs('financeiro', <DocumentsTab studentId={9} documents={[DOCUMENT]} />);
    expect(screen.getByRole('button', { name: 'Baixar documento' })).toBeTruthy();
    for (const name of ['Gerar histórico', 'Gerar certificado'])
      expect(screen.queryByRole('link', { name }), name).toBeNull();
    for (const name of ['Transferir para outro aluno', 'Remover documento'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
  });

  it('gives the secretary every action', () => {
    renderAs('secretaria', <DocumentsTab studentId={9} documents={[DOCUMENT]} />);
    expect(screen.getByRole('link', { name: 'Gerar histórico' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gerar certificado' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Transferir para outro aluno' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover documento' })).toBeTruthy();
  });
});

describe('tab FINANCEIRO by role', () => {
  it('lets the finance clerk add, edit, remove and charge', async () => {
    renderAs('financeiro', <FinanceTab studentId={9} enrolments={ENROLMENTS} />);
    expect(await screen.findByRole('button', { name: 'Cobrar parcela 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover parcela 2' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeTruthy();
  });

  it('shows Direção the charges, the statement and the receipt, without a button that changes them', async () => {
    renderAs('direcao', <FinanceTab studentId={9} enrolments={ENROLMENTS} />);
    const table = await screen.findByRole('table', { name: /Pendências financeiras da matrícula/ });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(screen.getByRole('button', { name: 'Recibo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /EXTRATO FINANCEIRO/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cobrar parcela/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Editar|Remover) parcela/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).toBeNull();
    // The selection for the receipt still works.
    fireEvent.click(screen.getAllByRole('radio')[0]);
    expect(screen.getByText(/selecionada para o recibo/)).toBeTruthy();
  });
});
