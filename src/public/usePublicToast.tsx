import { lazy, Suspense, useState } from 'react';
import type { ToastProps } from '../admin/ToastNotification';

// Snackbar and the progress bar (~5 kB gzip) load with the first toast, not with the page.
const Toast = lazy(() => import('../admin/ToastNotification').then((m) => ({ default: m.Toast })));

type Shown = Pick<ToastProps, 'type' | 'title' | 'message'>;

/** Toasts on public pages (outside react-admin): top-right, five seconds. */
export function usePublicToast() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const show = (toast: Shown) => {
    setShown(toast);
    setOpen(true);
  };
  const element = shown ? (
    <Suspense fallback={null}>
      <Toast open={open} {...shown} onClose={() => setOpen(false)} onExited={() => setShown(null)} />
    </Suspense>
  ) : null;
  return { show, element };
}
