import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StaffPushOptIn, type DevicePush } from '../src/push/StaffPushOptIn';
import { PUSH_BLOCKED, type PushState } from '../src/push/browser';
import { createMemoryDataProvider, withAdmin } from './support';

const PUSH_KEY = 'BOr5cSX0ZbQ7k1bK7h0yRz3dVb3jH0W3m5Sg7b8yKq1m0FQ4Qk8r2y3c5Vh8b0nO9pT6dY4e2W1q7zX5cV3bN0A';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/celular-da-professora-paula';

/** The school's push routes as the teacher's session meets them. */
const dataProvider = {
  ...createMemoryDataProvider({}),
  getPushPublicKey: () => Promise.resolve({ public_key: PUSH_KEY }),
  subscribePush: fn(() => Promise.resolve({ message: 'Avisos ativados neste aparelho.' })),
  unsubscribePush: fn(() => Promise.resolve({ message: 'Avisos desativados neste aparelho.' })),
};

/** A browser in a given state: Paula Souza's phone, in Castanhal. */
const deviceIn = (state: PushState): DevicePush => ({
  state: () => Promise.resolve(state),
  subscribe: fn(() =>
    Promise.resolve({ endpoint: ENDPOINT, keys: { p256dh: PUSH_KEY, auth: 'k4Zq1xY7uT2sP9wR3nL5bA' } }),
  ),
  current: () => Promise.resolve({ endpoint: ENDPOINT, unsubscribe: () => Promise.resolve(true) }),
});

/** Avisos neste aparelho on Minhas aulas and Minha conta: a teacher opts a phone in to the school's notices. */
const meta = {
  title: 'Professor/Avisos neste aparelho',
  component: StaffPushOptIn,
  decorators: [withAdmin({ dataProvider, titleBar: false })],
} satisfies Meta<typeof StaffPushOptIn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not yet asked: the teacher can opt this phone in. */
export const Off: Story = {
  args: { device: deviceIn('off') },
  parameters: { expectText: ['Avisos neste aparelho', 'Receber avisos neste aparelho'] },
};

/** Opted in: what arrives, and how to stop it. */
export const On: Story = {
  args: { device: deviceIn('on') },
  parameters: { expectText: ['Desativar avisos neste aparelho'] },
};

/** The browser blocked notifications: where to free them. */
export const Blocked: Story = {
  args: { device: deviceIn('blocked') },
  parameters: { expectText: PUSH_BLOCKED },
};
