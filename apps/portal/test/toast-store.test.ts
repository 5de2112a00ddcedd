import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_CARRY_OVER_MS, TOAST_POSITIONS, ToastStore, type Toast } from '../src/lib/toasts/toast-store.ts';

const statusOf = (store: ToastStore, id: string) => store.getSnapshot().find((toast: Toast) => toast.id === id)?.status;

describe('ToastStore', () => {
  let store: ToastStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = new ToastStore();
  });
  afterEach(() => vi.useRealTimers());

  it('applies the defaults: default type, dismissible, bottom right (issue 13), 5000 ms, pause on hover, page scope', () => {
    const id = store.show('Saved');
    const [toast] = store.getSnapshot();
    expect(toast).toMatchObject({ id, message: 'Saved', type: 'default', dismissible: true, position: 'bottom-right', durationMs: 5000, pauseOnHover: true, status: 'shown', scope: 'page' });
  });

  it('keeps errors and warnings 8 s unless a duration is given', () => {
    const error = store.show('Could not save', { type: 'error' });
    const warning = store.show('Careful', { type: 'warning' });
    const success = store.show('Saved', { type: 'success' });
    const quick = store.show('Gone soon', { type: 'error', duration: 1000 });
    expect(store.getSnapshot().map((toast) => toast.durationMs)).toEqual([8000, 8000, 5000, 1000]);
    vi.advanceTimersByTime(1000);
    expect(statusOf(store, quick)).toBe('dismissed');
    vi.advanceTimersByTime(4000);
    expect([statusOf(store, error), statusOf(store, warning), statusOf(store, success)]).toEqual(['shown', 'shown', 'dismissed']);
    vi.advanceTimersByTime(3000);
    expect(statusOf(store, error)).toBe('dismissed');
  });

  it('leaving the page dismisses its toasts, but not app toasts nor one raised as the user moved', () => {
    const saved = store.show('Saved');
    const failed = store.show('Could not save', { type: 'error', duration: 0 });
    const ready = store.show('Your download is ready', { scope: 'app', duration: 0 });
    vi.advanceTimersByTime(TOAST_CARRY_OVER_MS + 1);
    const placed = store.show('Order placed'); // raised by the action that navigates
    store.leavePage();
    expect([statusOf(store, saved), statusOf(store, failed), statusOf(store, ready), statusOf(store, placed)]).toEqual(['dismissed', 'dismissed', 'shown', 'shown']);
    vi.advanceTimersByTime(150);
    expect(store.getSnapshot().map((toast) => toast.message)).toEqual(['Your download is ready', 'Order placed']);
    // On the next page the carried toast belongs to it, and leaves with it.
    vi.advanceTimersByTime(TOAST_CARRY_OVER_MS + 1);
    store.leavePage();
    expect(statusOf(store, placed)).toBe('dismissed');
    expect(statusOf(store, ready)).toBe('shown');
  });

  it('accepts each of the six positions and rejects anything else with a clear error', () => {
    for (const position of TOAST_POSITIONS) expect(() => store.show('x', { position })).not.toThrow();
    expect(() => store.show('x', { position: 'middle' as never })).toThrow('Invalid toast position "middle": it must be one of top-right, top, top-left, bottom-right, bottom, bottom-left.');
    expect(() => store.setDefaultPosition('center')).toThrow(/Invalid toast position/);
  });

  it('uses a configured default position when none is given', () => {
    store.setDefaultPosition('bottom-right');
    store.show('x');
    expect(store.getSnapshot()[0]!.position).toBe('bottom-right');
  });

  it('is dismissed on timeout and removed 150 ms after dismissal starts', () => {
    const id = store.show('x');
    vi.advanceTimersByTime(4999);
    expect(statusOf(store, id)).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(statusOf(store, id)).toBe('dismissed');
    vi.advanceTimersByTime(149);
    expect(statusOf(store, id)).toBe('dismissed');
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours a custom duration, and 0 keeps the toast until dismissed', () => {
    const short = store.show('x', { duration: 1000 });
    const sticky = store.show('y', { duration: 0 });
    vi.advanceTimersByTime(1000);
    expect(statusOf(store, short)).toBe('dismissed');
    vi.advanceTimersByTime(60_000);
    expect(statusOf(store, sticky)).toBe('shown');
  });

  it('dismisses on click only when dismissible', () => {
    const dismissible = store.show('x');
    const fixed = store.show('y', { dismissible: false });
    store.click(dismissible);
    store.click(fixed);
    expect(statusOf(store, dismissible)).toBe('dismissed');
    expect(statusOf(store, fixed)).toBe('shown');
  });

  it('clear-all dismisses every toast, then removes them', () => {
    store.show('a');
    store.show('b', { dismissible: false });
    store.clearAll();
    expect(store.getSnapshot().map((toast) => toast.status)).toEqual(['dismissed', 'dismissed']);
    vi.advanceTimersByTime(150);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('pauses while hovered and resumes with the remaining time, not a fresh duration', () => {
    const id = store.show('x');
    vi.advanceTimersByTime(3000);
    store.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(statusOf(store, id)).toBe('shown');
    store.resume(id);
    vi.advanceTimersByTime(1999);
    expect(statusOf(store, id)).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(statusOf(store, id)).toBe('dismissed');
  });

  it('does not pause when pauseOnHover is off', () => {
    const id = store.show('x', { pauseOnHover: false });
    store.pause(id);
    vi.advanceTimersByTime(5000);
    expect(statusOf(store, id)).toBe('dismissed');
  });

  it('without queue, a new toast shows at once beside the others', () => {
    store.show('a');
    const b = store.show('b');
    expect(statusOf(store, b)).toBe('shown');
  });

  it('with queue, a new toast stays hidden, re-checking every 250 ms until no toast is on screen', () => {
    const first = store.show('a', { duration: 1000 });
    const queued = store.show('b', { queue: true });
    expect(statusOf(store, queued)).toBe('hidden');
    vi.advanceTimersByTime(1000); // first dismissed, still animating out
    expect(statusOf(store, first)).toBe('dismissed');
    vi.advanceTimersByTime(150); // first removed; the next 250 ms check has not run yet
    expect(statusOf(store, queued)).toBe('hidden');
    vi.advanceTimersByTime(100); // the check at t = 1250 ms finds the containers empty
    expect(statusOf(store, queued)).toBe('shown');
    vi.advanceTimersByTime(4999);
    expect(statusOf(store, queued)).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(statusOf(store, queued)).toBe('dismissed');
  });

  it('with queue and nothing on screen, shows at once', () => {
    const id = store.show('a', { queue: true });
    expect(statusOf(store, id)).toBe('shown');
  });

  it('a queued toast that is cleared before showing is dropped', () => {
    store.show('a');
    const queued = store.show('b', { queue: true });
    store.clearAll();
    expect(statusOf(store, queued)).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('tells subscribers about every change and keeps snapshots immutable', () => {
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.show('x');
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot()).not.toBe(before);
    expect(before).toHaveLength(0);
  });

  it('rejects a negative duration', () => {
    expect(() => store.show('x', { duration: -1 })).toThrow(/Invalid toast duration/);
  });
});
