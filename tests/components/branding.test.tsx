import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { BRANDING_KEY, BrandingProvider, DEFAULT_BRANDING, useBranding, type Branding } from '../../src/branding';
import { publicClient } from '../../src/public/publicClient';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const KEPT: Branding = { ...DEFAULT_BRANDING, school_name: 'Escola Modelo', main_color: '#1565C0' };

/** The school's name as a screen draws it, and every branding object it was drawn with. */
function drawWith(seen: Branding[]) {
  function SchoolName() {
    const branding = useBranding();
    seen.push(branding);
    return <h1>{branding.school_name}</h1>;
  }
  return render(
    <BrandingProvider>
      <SchoolName />
    </BrandingProvider>,
  );
}

it('shows the branding kept from the last visit at once, and the answer that differs from it replaces it', async () => {
  localStorage.setItem(BRANDING_KEY, JSON.stringify(KEPT));
  let answer!: (b: Branding) => void;
  vi.spyOn(publicClient, 'branding').mockReturnValue(new Promise((resolve) => (answer = resolve)));
  drawWith([]);
  expect(screen.getByRole('heading').textContent).toBe('Escola Modelo');
  answer({ ...KEPT, school_name: 'Colégio Novo Nome' });
  expect(await screen.findByRole('heading', { name: 'Colégio Novo Nome' })).toBeTruthy();
  expect(JSON.parse(localStorage.getItem(BRANDING_KEY)!).school_name).toBe('Colégio Novo Nome');
});

it('keeps drawing with the same branding when the answer is what was kept (no second theme, no redraw)', async () => {
  localStorage.setItem(BRANDING_KEY, JSON.stringify(KEPT));
  const asked = vi.spyOn(publicClient, 'branding').mockResolvedValue({ ...KEPT });
  const seen: Branding[] = [];
  drawWith(seen);
  await waitFor(() => expect(asked).toHaveBeenCalled());
  // The answer has been read (it is written back) and nothing was drawn again with another object.
  await waitFor(() => expect(localStorage.getItem(BRANDING_KEY)).toBe(JSON.stringify(KEPT)));
  await new Promise((r) => setTimeout(r, 0));
  expect(new Set(seen).size).toBe(1);
  expect(screen.getByRole('heading').textContent).toBe('Escola Modelo');
});
