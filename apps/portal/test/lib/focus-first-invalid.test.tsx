// After a refused submit, focus goes to the first field in error; a searchable select given focus
// that way does not open its list over the other errors (issue 13).
import { Button, MantineProvider, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme.ts';
import { focusFirstInvalid } from '../../src/lib/focus-first-invalid.ts';

function Form() {
  const form = useForm({
    initialValues: { state: '', name: '' },
    validate: { state: (value) => (value ? null : 'Choose a state'), name: (value) => (value ? null : 'Name is required') },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(() => {}, (_errors, _values, event) => focusFirstInvalid(event))}>
      <Select label="State" searchable data={['CA', 'TX']} {...form.getInputProps('state')} />
      <TextInput label="Name" {...form.getInputProps('name')} />
      <Button type="submit">Order</Button>
    </form>
  );
}

describe('focusFirstInvalid', () => {
  it('focuses a searchable select in error without opening its list, and every error shows', async () => {
    render(
      <MantineProvider theme={theme}>
        <Form />
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    const state = document.querySelector<HTMLInputElement>('input[aria-haspopup="listbox"]')!;
    await waitFor(() => expect(state).toHaveFocus());
    expect(screen.getByText('Choose a state')).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(state).not.toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('listbox')).toBeNull();
    // The list still opens when the user asks.
    await userEvent.click(state);
    await waitFor(() => expect(state).toHaveAttribute('aria-expanded', 'true'));
  });
});
