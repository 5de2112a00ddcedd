// The toast viewport, loaded the first time there is a toast to show. Mantine's Notification and
// its transitions are a few kilobytes the first page does not need (the entry chunk's budget, issue
// 8): the store is in the entry and keeps every toast raised before the viewport's chunk arrives.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from '../../lib/toasts/toast-store.ts';

const ToastViewport = lazy(() => import('./toast-viewport.tsx').then((module) => ({ default: module.ToastViewport })));

// Once a toast has been raised the viewport stays mounted, so later toasts (and the leaving
// transitions of the last one) render at once.
let toastRaised = false;
const anyToastYet = () => (toastRaised ||= toastStore.getSnapshot().length > 0);

export function LazyToastViewport() {
  const wanted = useSyncExternalStore(toastStore.subscribe, anyToastYet, anyToastYet);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
