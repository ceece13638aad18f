import { useEffect } from 'react';

export const UNSAVED_GRADES = 'Há notas não salvas. Deseja sair sem salvar?';

/**
 * While `dirty`, leaving asks first: closing or reloading the tab (the browser's own prompt) and
 * following any link of the app (the router here is not a data router, so links are caught as clicks).
 */
export function useConfirmLeave(dirty: boolean, message = UNSAVED_GRADES): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
    };
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, message]);
}
