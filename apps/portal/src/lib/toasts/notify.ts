// The one way to raise a toast (DESIGN.md §3): notify('Saved'), notify.error('Could not save').
// Defaults per SPEC.md §9 and issue 13: dismissible, position 'bottom-right' (or the configured one),
// 5 s (errors and warnings 8 s), pause on hover, no queue, gone when the user moves to another page
// (`scope: 'app'` keeps it).
import type { ToastPosition, ToastType } from '@clearlane/contract/enums';
import { toastStore, type ToastAction, type ToastScope } from './toast-store.ts';

export interface NotifyOptions {
  type?: ToastType;
  title?: string;
  /** Milliseconds on screen (default 5000; errors and warnings 8000); 0 keeps it until dismissed. */
  duration?: number;
  dismissible?: boolean;
  position?: ToastPosition;
  pauseOnHover?: boolean;
  queue?: boolean;
  action?: ToastAction;
  /** 'page' (default): dismissed when the user goes to another page; 'app': stays (about the whole app, not this page). */
  scope?: ToastScope;
}

type TypedNotify = (message: string, options?: Omit<NotifyOptions, 'type'>) => string;

export interface Notify {
  /** Shows a toast and returns its id (for notify.dismiss). Throws on an invalid position. */
  (message: string, options?: NotifyOptions): string;
  success: TypedNotify;
  error: TypedNotify;
  info: TypedNotify;
  warning: TypedNotify;
  dismiss: (id: string) => void;
  clearAll: () => void;
}

const typed = (type: ToastType): TypedNotify => (message, options) => toastStore.show(message, { ...options, type });

export const notify: Notify = Object.assign((message: string, options?: NotifyOptions) => toastStore.show(message, options), {
  success: typed('success'),
  error: typed('error'),
  info: typed('info'),
  warning: typed('warning'),
  dismiss: (id: string) => toastStore.dismiss(id),
  clearAll: () => toastStore.clearAll(),
});
