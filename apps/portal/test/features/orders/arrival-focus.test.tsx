// The order page's heading takes the focus that navigation dropped (the placing form's submit
// button is gone), and leaves alone focus that something else holds.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useArrivalFocus } from '../../../src/features/orders/components/use-arrival-focus.ts';

function Heading() {
  const ref = useArrivalFocus<HTMLHeadingElement>();
  return (
    <h1 ref={ref} tabIndex={-1}>
      The order
    </h1>
  );
}

function FormThenPage() {
  const [placed, setPlaced] = useState(false);
  return placed ? <Heading /> : <button onClick={() => setPlaced(true)}>Place order</button>;
}

describe('arriving on the order page', () => {
  it('focuses the main heading once the submit button that had focus is gone', async () => {
    render(<FormThenPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('leaves focus where it is when something still holds it', () => {
    render(
      <>
        <input aria-label="Search" />
        <Heading />
      </>,
    );
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    render(<Heading />);
    expect(search).toHaveFocus();
  });
});
