import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { simulateWaitingUpdate } from '../../src/pwa/register';
import { UpdatePrompt } from '../../src/pwa/UpdatePrompt';

/** A new version deployed while the app is open: offered, and taken only when the person chooses it. */

afterEach(() => simulateWaitingUpdate(null));

it('says nothing while no new version waits', () => {
  render(<UpdatePrompt />);
  expect(screen.queryByText('Nova versão disponível')).toBeNull();
});

it('offers the new version and, on "Atualizar", lets it take over and reloads when it does', async () => {
  const listeners: Record<string, () => void> = {};
  const waiting = {
    addEventListener: vi.fn((type: string, listener: () => void) => void (listeners[type] = listener)),
    messageSkipWaiting: vi.fn(),
  };
  render(<UpdatePrompt />);
  simulateWaitingUpdate(waiting as never);
  await screen.findByText('Nova versão disponível');
  expect(waiting.messageSkipWaiting).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
  expect(waiting.messageSkipWaiting).toHaveBeenCalledOnce();
  // The page reloads only once the new worker controls it, so the new files are the ones loaded.
  expect(Object.keys(listeners)).toEqual(['controlling']);
});
