import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from '../../src/public/LazyTooltip';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('LazyTooltip', () => {
  it('keeps a click whose button went down before the hint arrived, then swaps in the hint', async () => {
    const onClick = vi.fn();
    render(
      <LazyTooltip title="Expandir">
        <button type="button" aria-label="Expandir cabeçalho" onClick={onClick} />
      </LazyTooltip>,
    );
    const pressed = screen.getByRole('button', { name: 'Expandir cabeçalho' });
    fireEvent.pointerDown(pressed);
    fireEvent.mouseOver(pressed); // loads the tooltip while the button is held down
    await import('@mui/material/Tooltip');
    await settle();

    expect(pressed.isConnected).toBe(true);
    fireEvent.pointerUp(pressed);
    fireEvent.click(pressed);
    expect(onClick).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Expandir cabeçalho' })).not.toBe(pressed));
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Expandir cabeçalho' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Expandir');
  });
});
