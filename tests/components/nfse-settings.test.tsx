import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { USER_KEY } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { CertificateExpiryCard } from '../../src/invoices/CertificateExpiryCard';
import { NfseSettingsPage } from '../../src/invoices/NfseSettingsPage';
import { AdminStory } from '../../stories/support';

/** Configurações › Nota fiscal through the data layer, and the dashboard's warning of the A1's expiry. */

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
const SETTINGS = {
  cnpj: null,
  inscricao_municipal: null,
  municipio_ibge: null,
  regime: null,
  service_code: null,
  iss_rate: null,
  description_template: 'Mensalidade escolar de {aluno}, referente a {mes} (parcela {parcela}).',
  issue_on: 'payment',
  environment: null,
  certificate: null,
  simulation_allowed: true,
};

let sent: { method: string; path: string; body: unknown }[];
let certificate: { subject: string; cnpj: string; not_after: string } | null;

beforeEach(() => {
  sent = [];
  certificate = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://escola.test').pathname;
    const method = init.method ?? 'GET';
    sent.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/api/nfse/certificate') return json(200, { data: certificate });
    if (method === 'PUT')
      return json(422, {
        message: 'CNPJ inválido: confira os dígitos.',
        errors: { cnpj: ['CNPJ inválido: confira os dígitos.'] },
      });
    return json(200, { data: SETTINGS });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedInWith = (permissions: string[]) =>
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));

it('loads the settings, offers the simulation in a demo, sends the form and shows the 422 under its field', async () => {
  signedInWith(['settings.manage']);
  render(
    <AdminStory path="/admin/configuracoes/nota-fiscal" dataProvider={dataProvider} titleBar={false}>
      <NfseSettingsPage />
    </AdminStory>,
  );
  expect(
    await screen.findByText('Sem ambiente escolhido, nenhuma nota fiscal é emitida.', { exact: false }),
  ).toBeTruthy();
  fireEvent.change(screen.getByLabelText('CNPJ'), { target: { value: '12.ABC.345/01DE-36' } });
  fireEvent.mouseDown(screen.getByLabelText('Ambiente'));
  const options = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(options).toContain('Simulação (demonstração, sem envio)');
  fireEvent.click(screen.getByText('Simulação (demonstração, sem envio)'));
  fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  // Under the field (and in the toast).
  await vi.waitFor(() => expect(screen.getByLabelText('CNPJ').getAttribute('aria-invalid')).toBe('true'));
  const cnpj = screen.getByLabelText('CNPJ');
  expect(document.getElementById(cnpj.getAttribute('aria-describedby')!)?.textContent).toBe(
    'CNPJ inválido: confira os dígitos.',
  );
  const put = sent.find((r) => r.method === 'PUT');
  expect(put).toMatchObject({
    path: '/api/nfse/settings',
    body: { cnpj: '12.ABC.345/01DE-36', environment: 'simulacao', regime: null, issue_on: 'payment' },
  });
});

it('warns Financeiro 30 days ahead of the expiry, and says nothing before', async () => {
  signedInWith(['invoices.manage']);
  certificate = { subject: 'COLEGIO SABER VIVO LTDA:12ABC34501DE35', cnpj: '12ABC34501DE35', not_after: inDays(12.5) };
  const { unmount } = render(
    <AdminStory path="/admin" dataProvider={dataProvider} titleBar={false}>
      <CertificateExpiryCard />
    </AdminStory>,
  );
  expect(await screen.findByText('Certificado digital vence em 13 dias')).toBeTruthy();
  // Financeiro does not change the settings: no way there.
  expect(screen.queryByRole('link')).toBeNull();
  unmount();
  certificate = { ...certificate, not_after: inDays(45) };
  render(
    <AdminStory path="/admin" dataProvider={dataProvider} titleBar={false}>
      <CertificateExpiryCard />
    </AdminStory>,
  );
  await vi.waitFor(() => expect(sent.filter((r) => r.path === '/api/nfse/certificate')).toHaveLength(2));
  expect(screen.queryByTestId('aviso-certificado')).toBeNull();
});
