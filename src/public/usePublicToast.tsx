import { useState } from 'react';
import { Toast, type ToastProps } from '../admin/ToastNotification';

type Shown = Pick<ToastProps, 'type' | 'title' | 'message'>;

/** Toasts on public pages (outside react-admin): top-right, five seconds. */
export function usePublicToast() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const show = (toast: Shown) => {
    setShown(toast);
    setOpen(true);
  };
  const element = shown ? <Toast open={open} {...shown} onClose={() => setOpen(false)} onExited={() => setShown(null)} /> : null;
  return { show, element };
}
