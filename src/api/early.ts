/**
 * The GETs an address will make, started by src/main.tsx before React and the route's chunks have loaded (issue 36):
 * on a phone the roll call's or the portal's answer arrives while their code still downloads, instead of after it.
 * The first request of the page for the same address with the same token takes the answer (src/api/http.ts,
 * src/portal/api.ts); nothing is kept once taken, or after half a minute if no screen asks for it.
 */
const started = new Map<string, Promise<Response>>();
const FORGET_AFTER_MS = 30_000;

const keyOf = (url: string, headers: Record<string, string>) => `${headers.Authorization ?? ''} ${url}`;

export function startEarly(url: string, headers: Record<string, string>): void {
  const key = keyOf(url, headers);
  if (started.has(key)) return;
  const answer = fetch(url, { headers });
  // A failure nobody takes is no error of the page's: whoever takes it reads it then.
  answer.catch(() => undefined);
  started.set(key, answer);
  setTimeout(() => {
    if (started.get(key) === answer) started.delete(key);
  }, FORGET_AFTER_MS);
}

/** The answer started early for this GET, once; undefined when none was (the caller fetches it itself). */
export function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = keyOf(url, headers);
  const answer = started.get(key);
  started.delete(key);
  return answer;
}
