// The one way to raise a toast (DESIGN.md §3): notify('Saved'), notify.error('Could not save').
// Defaults per SPEC.md §9: dismissible, position 'top' (or the configured one), 5 s, pause on hover, no queue.
import type { ToastPosition, ToastType } from '@clearlane/contract/enums';
import { toastStore, type ToastAction } from './toast-store.ts';

export interface NotifyOptions {
  type?: ToastType;
  title?: string;
  /** Milliseconds on screen (default 5000); 0 keeps it until dismissed. */
  duration?: number;
  dismissible?: boolean;
  position?: ToastPosition;
  pauseOnHover?: boolean;
  queue?: boolean;
  action?: ToastAction;
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
