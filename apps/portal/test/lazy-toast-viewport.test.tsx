// The root renders toasts through LazyToastViewport: nothing (and no Mantine Notification code) until
// the first toast, then the toast, and the viewport stays for the next ones.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../src/lib/toasts/notify.ts';
import { LazyToastViewport } from '../src/app/toasts/lazy-toast-viewport.tsx';
import { renderWithTheme } from './render.tsx';

describe('<LazyToastViewport>', () => {
  afterEach(() => act(() => notify.clearAll()));

  it('renders nothing before the first toast, then shows it and every later one', async () => {
    const { container } = renderWithTheme(<LazyToastViewport />);
    expect(container.querySelector('[data-toast-position]')).toBeNull();
    act(() => {
      notify.error('Could not save');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');
    act(() => {
      notify.success('Saved');
    });
    // findBy, not getBy: on a loaded CI machine the commit of the lazy chunk's retry can still be in
    // flight here (CI once saw only the alert); the viewport must not go away, which the alert checks.
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });
});
