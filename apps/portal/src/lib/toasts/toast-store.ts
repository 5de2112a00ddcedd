// The toast model of SPEC.md §4 and §9, kept outside React so any module can raise a toast and
// every rule can be tested with fake timers:
//  - lifecycle hidden → shown → dismissed, then removed 150 ms after dismissal starts (exit animation);
//  - dismissal on timeout, on click when dismissible, or on clear-all;
//  - the timer pauses while hovered and resumes with the time that was left;
//  - with `queue`, a new toast stays hidden, re-checking every 250 ms until no toast is on screen;
//  - (issue 13) a toast belongs to the page it was raised on (`scope: 'page'`, the default) and
//    leaves when the user goes to another page, unless it was raised in the last second before the
//    move, as the outcome of the action that moved ("Order placed" → the order's page); a toast
//    about the whole app (`scope: 'app'`: your download is ready, a new version) stays;
//  - errors and warnings stay 8 s, other toasts 5 s (SPEC.md §9), unless a duration is given.
import type { ToastPosition, ToastType } from '@clearlane/contract/enums';

// Spelled out here rather than imported: the contract's enums module builds zod schemas at load
// time, and this module is in the entry chunk. The type check below keeps both lists identical.
export const TOAST_POSITIONS = ['top-right', 'top', 'top-left', 'bottom-right', 'bottom', 'bottom-left'] as const satisfies readonly ToastPosition[];
type MissingPosition = Exclude<ToastPosition, (typeof TOAST_POSITIONS)[number]>;
const everyPositionListed: MissingPosition extends never ? true : false = true;
void everyPositionListed;

export const TOAST_DEFAULTS = {
  type: 'default' as ToastType,
  dismissible: true,
  // SPEC.md §9 said top; issue 13: never over the breadcrumb or the page heading.
  position: 'bottom-right' as ToastPosition,
  durationMs: 5_000,
  /** Errors and warnings take longer to read and act on. */
  attentionDurationMs: 8_000,
  scope: 'page' as ToastScope,
  pauseOnHover: true,
  queue: false,
};
export const TOAST_REMOVAL_DELAY_MS = 150;
export const TOAST_QUEUE_RECHECK_MS = 250;
/** A page toast raised this shortly before the user moves to another page goes with them (it tells the outcome of the move). */
export const TOAST_CARRY_OVER_MS = 1_000;

/** 'page': dismissed when the user moves to another page; 'app': stays (a download is ready, a new version is out). */
export type ToastScope = 'page' | 'app';

export type ToastStatus = 'hidden' | 'shown' | 'dismissed';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type?: ToastType;
  title?: string;
  /** Milliseconds on screen; 0 keeps the toast until it is dismissed. */
  duration?: number;
  dismissible?: boolean;
  position?: ToastPosition;
  pauseOnHover?: boolean;
  /** Wait until no other toast is on screen before showing this one. */
  queue?: boolean;
  /** One button inside the toast (e.g. "Reload"); clicking it also dismisses the toast. */
  action?: ToastAction;
  /** 'page' (default): leaves with the page; 'app': stays across pages. */
  scope?: ToastScope;
}

export interface Toast {
  id: string;
  message: string;
  title?: string;
  type: ToastType;
  position: ToastPosition;
  durationMs: number;
  dismissible: boolean;
  pauseOnHover: boolean;
  action?: ToastAction;
  scope: ToastScope;
  /** When it was raised (the store's clock). */
  createdAt: number;
  status: ToastStatus;
  paused: boolean;
}

export function assertToastPosition(position: string): asserts position is ToastPosition {
  if (!(TOAST_POSITIONS as readonly string[]).includes(position)) {
    throw new Error(`Invalid toast position "${position}": it must be one of ${TOAST_POSITIONS.join(', ')}.`);
  }
}

interface Timers {
  /** Auto-dismiss timer of a shown toast and when it (re)started. */
  dismiss?: ReturnType<typeof setTimeout>;
  startedAt?: number;
  remainingMs: number;
  removal?: ReturnType<typeof setTimeout>;
  queueCheck?: ReturnType<typeof setInterval>;
}

export class ToastStore {
  private toasts: readonly Toast[] = [];
  private readonly timers = new Map<string, Timers>();
  private readonly listeners = new Set<() => void>();
  private defaultPosition: ToastPosition = TOAST_DEFAULTS.position;
  private nextId = 1;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The configured default position (publicConfig().toastPosition); the default is 'bottom-right'. */
  setDefaultPosition(position: string) {
    assertToastPosition(position);
    this.defaultPosition = position;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly Toast[] => this.toasts;

  show(message: string, options: ToastOptions = {}): string {
    const position = options.position ?? this.defaultPosition;
    assertToastPosition(position);
    const type = options.type ?? TOAST_DEFAULTS.type;
    const duration = options.duration ?? (type === 'error' || type === 'warning' ? TOAST_DEFAULTS.attentionDurationMs : TOAST_DEFAULTS.durationMs);
    if (!Number.isFinite(duration) || duration < 0) throw new Error(`Invalid toast duration ${duration}: use milliseconds ≥ 0.`);
    const toast: Toast = {
      id: `toast-${this.nextId++}`,
      message,
      type,
      position,
      durationMs: duration,
      dismissible: options.dismissible ?? TOAST_DEFAULTS.dismissible,
      pauseOnHover: options.pauseOnHover ?? TOAST_DEFAULTS.pauseOnHover,
      scope: options.scope ?? TOAST_DEFAULTS.scope,
      createdAt: this.now(),
      status: 'hidden',
      paused: false,
      ...(options.title !== undefined ? { title: options.title } : {}),
      ...(options.action ? { action: options.action } : {}),
    };
    this.timers.set(toast.id, { remainingMs: duration });
    this.commit([...this.toasts, toast]);

    if ((options.queue ?? TOAST_DEFAULTS.queue) && this.anyOnScreen()) {
      const timers = this.timers.get(toast.id)!;
      timers.queueCheck = setInterval(() => {
        if (this.anyOnScreen()) return;
        clearInterval(timers.queueCheck);
        timers.queueCheck = undefined;
        this.reveal(toast.id);
      }, TOAST_QUEUE_RECHECK_MS);
    } else {
      this.reveal(toast.id);
    }
    return toast.id;
  }

  /** Starts the exit: the toast is marked dismissed and removed 150 ms later. */
  dismiss(id: string) {
    const toast = this.find(id);
    const timers = this.timers.get(id);
    if (!toast || !timers || toast.status === 'dismissed') return;
    clearTimeout(timers.dismiss);
    if (toast.status === 'hidden') {
      // Never shown (still queued): nothing to animate.
      clearInterval(timers.queueCheck);
      this.remove(id);
      return;
    }
    this.update(id, { status: 'dismissed', paused: false });
    timers.removal = setTimeout(() => this.remove(id), TOAST_REMOVAL_DELAY_MS);
  }

  /** A click on the toast body: dismisses only toasts marked dismissible. */
  click(id: string) {
    if (this.find(id)?.dismissible) this.dismiss(id);
  }

  clearAll() {
    for (const toast of this.toasts) this.dismiss(toast.id);
  }

  /**
   * The user is going to another page (the router calls this when the path changes): the page's
   * toasts go, except those raised in the last TOAST_CARRY_OVER_MS, which tell the outcome of the
   * action that is moving them; app toasts stay.
   */
  leavePage() {
    const raisedBefore = this.now() - TOAST_CARRY_OVER_MS;
    for (const toast of this.toasts) if (toast.scope === 'page' && toast.createdAt < raisedBefore) this.dismiss(toast.id);
  }

  /** Pointer entered: stop the clock, remembering the time that was left. */
  pause(id: string) {
    const toast = this.find(id);
    const timers = this.timers.get(id);
    if (!toast || !timers || !toast.pauseOnHover || toast.status !== 'shown' || toast.paused) return;
    if (timers.dismiss !== undefined && timers.startedAt !== undefined) {
      clearTimeout(timers.dismiss);
      timers.dismiss = undefined;
      timers.remainingMs = Math.max(0, timers.remainingMs - (this.now() - timers.startedAt));
    }
    this.update(id, { paused: true });
  }

  /** Pointer left: the clock resumes with the remaining time, not a fresh duration. */
  resume(id: string) {
    const toast = this.find(id);
    if (!toast || !toast.paused || toast.status !== 'shown') return;
    this.update(id, { paused: false });
    this.startClock(id);
  }

  private reveal(id: string) {
    this.update(id, { status: 'shown' });
    this.startClock(id);
  }

  private startClock(id: string) {
    const timers = this.timers.get(id);
    const toast = this.find(id);
    if (!timers || !toast || toast.durationMs === 0) return;
    timers.startedAt = this.now();
    timers.dismiss = setTimeout(() => this.dismiss(id), timers.remainingMs);
  }

  private anyOnScreen() {
    return this.toasts.some((toast) => toast.status !== 'hidden');
  }

  private remove(id: string) {
    this.timers.delete(id);
    this.commit(this.toasts.filter((toast) => toast.id !== id));
  }

  private find(id: string) {
    return this.toasts.find((toast) => toast.id === id);
  }

  private update(id: string, patch: Partial<Toast>) {
    this.commit(this.toasts.map((toast) => (toast.id === id ? { ...toast, ...patch } : toast)));
  }

  private commit(next: readonly Toast[]) {
    this.toasts = next;
    for (const listener of this.listeners) listener();
  }
}

/** The app's one toast store, rendered by <ToastViewport /> in the root route. */
export const toastStore = new ToastStore();
