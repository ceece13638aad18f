import { Alert, AlertTitle, LinearProgress, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotificationContext, useNotify, useTranslate, type NotificationPayload } from 'react-admin';
import { onServerBusy } from '../api/http';

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

/**
 * A toast top-right for five seconds with a shrinking progress bar and no confirm button (spec §8), errors
 * too: what a screen must keep in view (a refused save, a failed load) it says on the screen itself.
 */
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
      <Alert
        severity={type}
        variant="filled"
        onClose={onClose}
        role="alert"
        sx={{ minWidth: 300, position: 'relative', overflow: 'hidden', pb: 1.5 }}
      >
        <AlertTitle>{title ?? TITLES[type]}</AlertTitle>
        {message}
        <LinearProgress
          variant="determinate"
          value={left}
          color="inherit"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 4, opacity: 0.6 }}
          aria-hidden
        />
      </Alert>
    </Snackbar>
  );
}

/**
 * react-admin's notifications shown as Toasts. Each new one replaces the one on screen at once (the
 * latest action's result is what counts), instead of waiting in a queue behind it. Also tells each retry
 * of a request the server refused as busy (src/api/http.ts).
 */
export function ToastNotification() {
  const { notifications, setNotifications } = useNotificationContext();
  const translate = useTranslate();
  const [current, setCurrent] = useState<{ payload: NotificationPayload; serial: number } | undefined>();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  // A request waiting for a busy server (503) says so, instead of the screen looking stuck.
  useEffect(() => onServerBusy((message) => notify(message, { type: 'warning' })), [notify]);
  useEffect(() => {
    if (!notifications.length) return;
    const payload = notifications[notifications.length - 1];
    // Only the ones seen here are dropped: one added before this effect ran (a download's result right
    // after a busy retry's toast) is kept for the next run instead of being reset away unseen.
    const seen = notifications.length;
    setNotifications((list) => list.slice(seen));
    setCurrent((old) => ({ payload, serial: (old?.serial ?? 0) + 1 }));
    setOpen(true);
  }, [notifications, setNotifications]);
  if (!current) return null;
  const { payload } = current;
  // react-admin reports saves as 'info'; to the office they are successes.
  const type =
    typeof payload.message === 'string' &&
    /(^ra\.notification\.|\.notifications\.)(created|updated|deleted)$/.test(payload.message)
      ? 'success'
      : (payload.type ?? 'info');
  const message =
    typeof payload.message === 'string'
      ? translate(payload.message, { _: payload.message, ...payload.notificationOptions?.messageArgs })
      : '';
  // A new key per notification: a fresh toast with its own five seconds, not the old one's remainder.
  return (
    <Toast
      key={current.serial}
      open={open}
      type={type}
      message={message}
      onClose={() => setOpen(false)}
      onExited={() => setCurrent((old) => (old?.serial === current.serial ? undefined : old))}
    />
  );
}
