// Toasts that belong to a page leave with it (issue 13): when the path changes, the store dismisses
// its page toasts (lib/toasts/toast-store.ts leavePage: those raised just before the move, the
// outcome of the action that moved, stay; so do app toasts). A change of search (a filter, a page
// of a list) is the same page: its toasts stay.
import type { AnyRouter } from '@tanstack/react-router';
import { toastStore, type ToastStore } from '../../lib/toasts/toast-store.ts';

export function clearPageToastsOnNavigation(router: Pick<AnyRouter, 'subscribe'>, store: Pick<ToastStore, 'leavePage'> = toastStore): () => void {
  return router.subscribe('onBeforeNavigate', (event) => {
    if (event.pathChanged) store.leavePage();
  });
}
