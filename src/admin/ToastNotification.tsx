import { Alert, AlertTitle, LinearProgress, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';

export const TOAST_DURATION = 5000;

const TITLES: Record<string, string> = { success: 'Sucesso!', error: 'Erro', warning: 'Atenção!', info: 'Informação' };

export interface ToastProps {
  open: boolean;
  type: 'success' | 'error' | 'warning' | 'info';
  title?: string;
  message: string;
  onClose: () => void;
  onExited?: () => void;
}

/** A toast top-right for five seconds with a shrinking progress bar and no confirm button (spec §8). */
export function Toast({ open, type, title, message, onClose, onExited }: ToastProps) {
  const [left, setLeft] = useState(100);
  useEffect(() => {
    if (!open) return;
    const started = Date.now();
    setLeft(100);
    const timer = setInterval(() => setLeft(Math.max(0, 100 - ((Date.now() - started) / TOAST_DURATION) * 100)), 100);
    return () => clearInterval(timer);
  }, [open, message]);
  return (
    <Snackbar
      open={open}
      autoHideDuration={TOAST_DURATION}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ zIndex: (theme) => theme.zIndex.snackbar + 10, top: { xs: 64, sm: 72 } }}
      slotProps={{ transition: { onExited } }}
    >
      <Alert severity={type} variant="filled" onClose={onClose} role="alert" sx={{ minWidth: 300, position: 'relative', overflow: 'hidden', pb: 1.5 }}>
        <AlertTitle>{title ?? TITLES[type]}</AlertTitle>
        {message}
        <LinearProgress
          variant="determinate"
          value={left}
          color="inherit"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 4, opacity: 0.6 }}
        />
      </Alert>
    </Snackbar>
  );
}

/** react-admin's notifications shown as Toasts. */
export function ToastNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (notifications.length && !current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, takeNotification]);
  if (!current) return null;
  // react-admin reports saves as 'info'; to the office they are successes.
  const type = typeof current.message === 'string' && /(^ra\.notification\.|\.notifications\.)(created|updated|deleted)$/.test(current.message) ? 'success' : (current.type ?? 'info');
  const message = typeof current.message === 'string' ? translate(current.message, { _: current.message, ...current.notificationOptions?.messageArgs }) : '';
  return <Toast open={open} type={type} message={message} onClose={() => setOpen(false)} onExited={() => setCurrent(undefined)} />;
}
