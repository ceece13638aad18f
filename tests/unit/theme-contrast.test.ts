import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../../src/admin/theme';

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (colour: string) => (colour === '#fff' ? '#ffffff' : colour.toLowerCase());

describe('the toasts a person reads', () => {
  const theme = createTheme(buildTheme({ main_color: '#1976d2', secondary_color: '#666666' }));
  it.each(['success', 'error', 'warning', 'info'] as const)(
    'writes a %s toast in white that reads at 4.5:1 or more (axe, small text)',
    (severity) => {
      const { main, contrastText } = theme.palette[severity];
      expect(toHex(contrastText)).toBe('#ffffff');
      expect(contrast(toHex(main), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
