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
    // findBy, not getBy: CI under load once found only the alert here, the second toast not yet
    // rendered. The alert must still be there: the viewport keeps earlier toasts for later ones.
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });
});
