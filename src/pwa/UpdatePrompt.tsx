import { Button, Snackbar } from '@mui/material';
import { useEffect, useSyncExternalStore } from 'react';
import { applyUpdate, onUpdateWaiting, registerServiceWorker, updateWaiting } from './register';

/**
 * Registers the installable app's service worker and, when a new version has been deployed, offers it:
 * "Nova versão disponível — Atualizar". Mounted by the staff's layout and by the family portal.
 */
export function UpdatePrompt() {
  useEffect(registerServiceWorker, []);
  const waiting = useSyncExternalStore(onUpdateWaiting, updateWaiting);
  return (
    <Snackbar
      open={waiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="Nova versão disponível"
      action={
        <Button color="inherit" size="small" onClick={applyUpdate}>
          Atualizar
        </Button>
      }
    />
  );
}
