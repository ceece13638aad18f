import { Box } from '@mui/material';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

/** The widget's own methods used here (altcha's WidgetMethods). */
interface AltchaElement extends HTMLElement {
  reset: () => void;
}

export interface HumanCheckHandle {
  /** A payload is good for one request: after using it, ask for a new solution. */
  reset: () => void;
}

export interface HumanCheckProps {
  onChange: (payload: string | null) => void;
}

let loading: Promise<unknown> | null = null;

/** Loads the widget script once; on failure only a console error, and the buttons stay disabled (spec §8). */
function loadWidget(): Promise<unknown> {
  loading ??= Promise.all([import('altcha'), import('altcha/i18n/pt-br')]).catch((error: unknown) => {
    console.error('Não foi possível carregar a verificação humana (ALTCHA).', error);
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Self-hosted proof of work (ALTCHA): the browser solves a challenge issued by our own server;
 * nothing leaves the school's server and no third-party script is loaded.
 */
export const HumanCheck = forwardRef<HumanCheckHandle, HumanCheckProps>(function HumanCheck({ onChange }, ref) {
  const element = useRef<AltchaElement | null>(null);
  const [ready, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let alive = true;
    loadWidget()
      .then(() => alive && setReady(true))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (!ready || !widget) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, [ready]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      element.current?.reset();
      onChangeRef.current(null);
    },
  }));

  return (
    <Box sx={{ my: 1, '& altcha-widget': { display: 'block', maxWidth: 320 } }} data-testid="verificacao-humana">
      {ready && <altcha-widget ref={element} challenge="/api/captcha/challenge" language="pt-br" />}
    </Box>
  );
});
