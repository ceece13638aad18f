/**
 * The GETs an address will make, started by src/main.tsx before React and the route's chunks have loaded (issue 36):
 * on a phone the roll call's or the portal's answer arrives while their code still downloads, instead of after it.
 * The first request of the page for the same address with the same token takes the answer (src/api/http.ts,
 * src/portal/api.ts); nothing is kept once taken, or after half a minute if no screen asks for it.
 */
const started = new Map<string, Promise<Response>>();
/** The JSON of an early answer that arrived with 200, readable at once while its answer is not yet taken. */
const arrived = new Map<string, unknown>();
const FORGET_AFTER_MS = 30_000;

const keyOf = (url: string, headers: Record<string, string>) => `${headers.Authorization ?? ''} ${url}`;

export function startEarly(url: string, headers: Record<string, string>): void {
  const key = keyOf(url, headers);
  if (started.has(key)) return;
  const answer = fetch(url, { headers });
  // A failure nobody takes is no error of the page's: whoever takes it reads it then.
  answer.catch(() => undefined);
  started.set(key, answer);
  // Read beside the answer (a copy): a screen drawn after it arrived takes it in its first render (`arrivedEarly`).
  answer
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((body: unknown) => {
      if (body !== undefined && started.get(key) === answer) arrived.set(key, body);
    })
    .catch(() => undefined);
  setTimeout(() => {
    if (started.get(key) === answer) started.delete(key);
    arrived.delete(key);
  }, FORGET_AFTER_MS);
}

/**
 * The JSON of the answer started early for this GET, if it has already arrived with 200 and no screen has taken it
 * yet; it stays to be taken (takeEarly) by the read the screen makes anyway.
 */
export function arrivedEarly(url: string, headers: Record<string, string>): unknown {
  return arrived.get(keyOf(url, headers));
}

/** The answer started early for this GET, once; undefined when none was (the caller fetches it itself). */
export function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = keyOf(url, headers);
  const answer = started.get(key);
  started.delete(key);
  arrived.delete(key);
  return answer;
}
