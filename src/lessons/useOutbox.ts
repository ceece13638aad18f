import { useEffect, useState } from 'react';
import { flush, onOutboxChange, pendingItems, type Pending } from './outbox';

/**
 * Sends the teacher's unsent lessons and roll calls when the app opens and each time the browser comes back
 * online. Mounted once in the layout, so it works whichever screen is open.
 */
export function useOutboxSender(): void {
  useEffect(() => {
    const again = () => void flush();
    again();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
}

/** The unsent items, kept up to date as they are saved, sent or refused. */
export function usePending(): Pending[] {
  const [items, setItems] = useState(pendingItems);
  useEffect(() => {
    setItems(pendingItems());
    return onOutboxChange(() => setItems(pendingItems()));
  }, []);
  return items;
}

/** Whether the browser believes it is online, as it changes. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}
