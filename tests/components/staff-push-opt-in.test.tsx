import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import type { PushState } from '../../src/push/browser';
import { StaffPushOptIn, type DevicePush } from '../../src/push/StaffPushOptIn';
import { AdminStory } from '../../stories/support';

/** A teacher's opt-in of this device to the school's notices, on Minhas aulas and Minha conta (issue 36). */

const KEY = 'BOr5cSX0ZbQ7k1bK7h0yRz3dVb3jH0W3m5Sg7b8yKq1m0FQ4Qk8r2y3c5Vh8b0nO9pT6dY4e2W1q7zX5cV3bN0A';
const DEVICE = { endpoint: 'https://fcm.googleapis.com/fcm/send/celular-da-paula', keys: { p256dh: KEY, auth: 'abc' } };

let asked: { method: string; path: string; body: unknown }[];
let pushOn: boolean;

beforeEach(() => {
  asked = [];
  pushOn = true;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://escola.test').pathname;
    asked.push({ method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] =
      path === '/api/portal/push/public-key'
        ? pushOn
          ? [200, { public_key: KEY }]
          : [404, { message: 'Os avisos no celular não estão ativados nesta escola.' }]
        : init.method === 'POST'
          ? [201, { message: 'Avisos ativados neste aparelho.' }]
          : [200, { message: 'Avisos desativados neste aparelho.' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

function browserIn(state: PushState) {
  const unsubscribe = vi.fn(async () => true);
  const device: DevicePush = {
    state: async () => state,
    subscribe: vi.fn(async () => DEVICE),
    current: async () => ({ endpoint: DEVICE.endpoint, unsubscribe }),
  };
  return { device, unsubscribe };
}

const draw = (device: DevicePush) =>
  render(
    <AdminStory path="/admin/minhas-aulas" dataProvider={dataProvider} titleBar={false}>
      <StaffPushOptIn device={device} />
    </AdminStory>,
  );

it('opts this device in for the signed-in teacher, and out again, telling the server each time', async () => {
  const { device, unsubscribe } = browserIn('off');
  draw(device);
  fireEvent.click(await screen.findByRole('button', { name: 'Receber avisos neste aparelho' }));
  expect(await screen.findByRole('button', { name: 'Desativar avisos neste aparelho' })).toBeTruthy();
  expect(device.subscribe).toHaveBeenCalledWith(KEY);
  expect(asked.at(-1)).toEqual({ method: 'POST', path: '/api/push/subscriptions', body: DEVICE });
  expect(screen.getByText(/Avisos ativados neste aparelho/)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Desativar avisos neste aparelho' }));
  expect(await screen.findByRole('button', { name: 'Receber avisos neste aparelho' })).toBeTruthy();
  expect(asked.at(-1)).toEqual({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    body: { endpoint: DEVICE.endpoint },
  });
  expect(unsubscribe).toHaveBeenCalled();
});

it('says where to free notifications the browser blocked', async () => {
  draw(browserIn('blocked').device);
  expect(await screen.findByText(/As notificações estão bloqueadas neste navegador/)).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

it('shows nothing where the school has no push', async () => {
  pushOn = false;
  const { device } = browserIn('off');
  const state = vi.spyOn(device, 'state');
  const { container } = draw(device);
  await waitFor(() => expect(asked.map((a) => a.path)).toContain('/api/portal/push/public-key'));
  await waitFor(() => expect(state).toHaveBeenCalled());
  await act(async () => {});
  expect(container.textContent).not.toContain('Avisos neste aparelho');
});
