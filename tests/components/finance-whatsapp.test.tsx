import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FinanceTab } from '../../src/finance/FinanceTab';
import { AdminStory } from '../../stories/support';
import { ENROLMENTS } from '../../stories/support/finance';

/** "Cobrar por WhatsApp" on the FINANCEIRO tab: asks the server for the wa.me address and opens it in a new tab. */

configure({ asyncUtilTimeout: 5000 });

const URL_OF_3 =
  'https://wa.me/5591988887777?text=Ol%C3%A1%2C%20Maria%20Jos%C3%A9%20da%20Silva!%0AA%20cobran%C3%A7a%20de%20mensalidade%20(parcela%203)%20de%20Ana';
let asked: string[];
let answer: { status: number; body: unknown };
let opened: unknown[][];

beforeEach(() => {
  asked = [];
  opened = [];
  answer = { status: 200, body: { url: URL_OF_3, phone: '5591988887777' } };
  vi.stubGlobal('open', (...args: unknown[]) => opened.push(args));
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const a = url.endsWith('/whatsapp') ? answer : { status: 200, body: { data: [] } };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () =>
  render(
    <AdminStory titleBar={false} resource="alunos">
      <FinanceTab studentId={9} enrolments={ENROLMENTS} />
    </AdminStory>,
  );

it('opens the chat with the financial responsible in a new tab, for an open charge only', async () => {
  renderTab();
  // Charge 1 is paid: no WhatsApp button; 2 (overdue) and 3 (open) have one.
  expect(screen.queryByRole('button', { name: 'Enviar a cobrança da parcela 1 por WhatsApp' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Enviar a cobrança da parcela 2 por WhatsApp' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Enviar a cobrança da parcela 3 por WhatsApp' }));
  await waitFor(() => expect(opened).toEqual([[URL_OF_3, '_blank', 'noopener']]));
  expect(asked).toContain('/api/financials/3/whatsapp');
  expect(await screen.findByText('Conversa do WhatsApp aberta em uma nova aba.')).toBeTruthy();
});

it('tells why when the responsible has no phone, and opens nothing', async () => {
  answer = { status: 422, body: { message: 'O responsável financeiro não tem celular cadastrado.' } };
  renderTab();
  fireEvent.click(screen.getByRole('button', { name: 'Enviar a cobrança da parcela 3 por WhatsApp' }));
  expect(await screen.findByText('O responsável financeiro não tem celular cadastrado.')).toBeTruthy();
  expect(opened).toEqual([]);
});
