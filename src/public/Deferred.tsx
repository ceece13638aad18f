import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from './whenIdle';

/**
 * Mounts `children` (a part of the page whose code is a lazy chunk) once it comes near the screen, or
 * once the browser is idle after the first paint, whichever comes first: the first paint downloads
 * none of it, and by the time a visitor scrolls there it is usually in place. Until then, and while the
 * chunk arrives, an empty box of the same size (`sx`) holds its place, so nothing below it moves.
 */
export function Deferred({ children, sx, testId }: { children: ReactNode; sx: SxProps<Theme>; testId?: string }) {
  // Without IntersectionObserver (an old browser), no deferring at all.
  const [shown, setShown] = useState(() => typeof IntersectionObserver !== 'function');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    const show = () => setShown(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: '400px 0px',
    });
    if (place.current) observer.observe(place.current);
    const cancelIdle = whenIdle(show);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [shown]);
  const placeholder = <Box ref={place} sx={sx} data-testid={testId} aria-hidden />;
  return shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
