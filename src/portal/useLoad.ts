import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** Replaces what is shown (after a change the server accepted) without asking again. */
  setData: (data: T) => void;
  reload: () => void;
}

/**
 * What a portal screen reads from the server when it opens: the answer, or the server's words. A 401 never reaches
 * here as a message to read: api.ts has already ended the session and the portal shows the sign-in.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof Error ? failure.message : 'Não foi possível carregar.');
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is read anew whenever `deps` change
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, setData, reload };
}
