import { buildUrl } from '../api/http';

/**
 * Solves a fresh challenge of our own server (ALTCHA's proof of work, the same one the widget solves)
 * without asking the visitor again: they already proved themselves for the lookup, and each file
 * check still costs its sender a proof, so nobody probes codes with PDFs for free. Answers the
 * payload for `x-altcha`, good for one request. The solver loads only when a file is checked.
 */
export async function proveWork(): Promise<string> {
  const response = await fetch(buildUrl('/captcha/challenge'), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error('challenge');
  const challenge = await response.json();
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
  ]);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('unsolved');
  return btoa(JSON.stringify({ challenge, solution }));
}
