import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../src/lib/toasts/notify.ts';
import { TOAST_DEFAULTS, toastStore } from '../src/lib/toasts/toast-store.ts';
import { ToastViewport } from '../src/app/toasts/toast-viewport.tsx';
import { renderWithTheme } from './render.tsx';

describe('notify() rendered by <ToastViewport>', () => {
  // These tests read the toasts top to bottom: a top container lists them oldest first.
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.setDefaultPosition('top');
  });
  afterEach(() => {
    act(() => {
      notify.clearAll();
      vi.runAllTimers();
    });
    toastStore.setDefaultPosition(TOAST_DEFAULTS.position);
    vi.useRealTimers();
  });

  it('shows typed toasts with status and alert roles', () => {
    renderWithTheme(<ToastViewport />);
    act(() => {
      notify.success('Saved', { title: 'Done' });
      notify.error('Could not save');
      notify.info('FYI');
      notify.warning('Careful');
      notify('Plain');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((node) => node.getAttribute('data-toast-type'))).toEqual(['success', 'info', 'warning', 'default']);
    expect(screen.getByText('Done')).toBeInTheDocument();
  });

  it('places toasts in fixed containers per position', () => {
    renderWithTheme(<ToastViewport />);
    act(() => {
      notify('A', { position: 'bottom-left' });
      notify('B');
    });
    expect(document.querySelector('[data-toast-position="bottom-left"]')).toHaveTextContent('A');
    expect(document.querySelector('[data-toast-position="top"]')).toHaveTextContent('B');
    expect(() => notify('C', { position: 'nowhere' as never })).toThrow(/Invalid toast position/);
  });

  it('dismisses on click and with the close button, removing after the exit animation', () => {
    renderWithTheme(<ToastViewport />);
    act(() => {
      notify('Click me');
      notify('Close me');
    });
    fireEvent.click(screen.getByText('Click me'));
    expect(screen.getByText('Click me').closest('[data-toast-status]')).toHaveAttribute('data-toast-status', 'dismissed');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!);
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByText('Click me')).not.toBeInTheDocument();
    expect(screen.queryByText('Close me')).not.toBeInTheDocument();
  });

  it('pauses on hover in the DOM', () => {
    renderWithTheme(<ToastViewport />);
    act(() => void notify('Hover me'));
    const toast = screen.getByRole('status');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveAttribute('data-toast-status', 'shown');
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveAttribute('data-toast-status', 'dismissed');
  });

  it('runs an action and dismisses the toast', () => {
    const onClick = vi.fn();
    renderWithTheme(<ToastViewport />);
    act(() => void notify.info('New version', { action: { label: 'Reload', onClick }, duration: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(toastStore.getSnapshot()[0]?.status).toBe('dismissed');
  });

  it('hides the close button of a non-dismissible toast', () => {
    renderWithTheme(<ToastViewport />);
    act(() => void notify('Stay', { dismissible: false }));
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).not.toBeInTheDocument();
  });
});
