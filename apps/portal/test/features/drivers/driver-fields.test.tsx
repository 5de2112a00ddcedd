// The driver form's fields validate as the user types: the licence number's hint names the chosen
// state's format, a wrong number says what the state expects, and changing the state checks the
// number again against the new state's format.
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DriverFields } from '../../../src/features/drivers/components/driver-fields.tsx';
import { licenceHint } from '../../../src/lib/form-fields.ts';
import { EMPTY_DRIVER, validateDriver, type DriverValues } from '../../../src/features/drivers/components/driver-form.ts';
import { theme } from '../../../src/app/theme.ts';

function Harness() {
  const form = useForm<DriverValues>({ initialValues: EMPTY_DRIVER, validateInputOnChange: true, validate: validateDriver });
  return (
    <form onSubmit={form.onSubmit(() => {})} noValidate>
      <DriverFields form={form} />
      <button type="submit">Add driver</button>
    </form>
  );
}

// env="test": no transitions and no portals, so the state list opens at once inside the container.
const renderFields = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <Harness />
    </MantineProvider>,
  );

async function chooseState(user: ReturnType<typeof userEvent.setup>, typed: string, option: string) {
  const input = screen.getByLabelText(/^Licence state/, { selector: 'input' });
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('licenceHint', () => {
  it("asks for the state first, then names the state's format with an example", () => {
    expect(licenceHint('')).toBe('Choose the licence state first: each state has its own format.');
    expect(licenceHint('NY')).toBe('New York: 9 digits (also 1 letter and 7 or 18 digits, 8 or 16 digits, or 8 letters), for example 123456789.');
  });
});

// Rendering Mantine in jsdom on a busy 2-core machine is slow: a generous budget, no timing claims.
describe('DriverFields', { timeout: 30_000 }, () => {
  it('checks the licence number as typed and again when the state changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderFields();
    const number = screen.getByRole('textbox', { name: /^Licence number/ });
    expect(number).toHaveAccessibleDescription('Choose the licence state first: each state has its own format.');

    await chooseState(user, 'Calif', 'California (CA)');
    expect(number).toHaveAccessibleDescription('California: 1 letter and 7 digits, for example D1234567.');

    await user.type(number, '12345678');
    expect(await screen.findByText('California licence numbers are 1 letter and 7 digits (for example D1234567).')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    // The message itself names the format, so the hint steps aside instead of repeating it.
    expect(number).toHaveAccessibleDescription('California licence numbers are 1 letter and 7 digits (for example D1234567).');

    // 12345678 is a Texas number: choosing Texas clears the message without touching the number.
    await chooseState(user, 'Texas', 'Texas (TX)');
    expect(screen.queryByText(/California licence numbers are/)).not.toBeInTheDocument();
    expect(number).not.toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Texas: 7 or 8 digits, for example 12345678.');
  });

  it('flags an empty licence number as required at once, and still names the format once a state is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderFields();
    await user.click(screen.getByRole('button', { name: 'Add driver' }));
    const number = screen.getByRole('textbox', { name: /^Licence number/ });
    expect(await screen.findByText('Licence number is required')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    await chooseState(user, 'Calif', 'California (CA)');
    // "Required" does not say the format, so the hint stays beside it.
    expect(number).toHaveAccessibleDescription(expect.stringContaining('California: 1 letter and 7 digits, for example D1234567.'));
    expect(screen.getByText('Licence number is required')).toBeInTheDocument();
  });

  it('shows a problem only on the field being typed in, not on untouched ones', async () => {
    const user = userEvent.setup({ delay: null });
    renderFields();
    await user.type(screen.getByRole('textbox', { name: /^Date of birth/ }), '1985-02-30');
    expect(await screen.findByText('That date does not exist.')).toBeInTheDocument();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /^Date of birth/ }));
    await user.type(screen.getByRole('textbox', { name: /^Date of birth/ }), '1985-02-28');
    expect(screen.queryByText('That date does not exist.')).not.toBeInTheDocument();
  });
});
