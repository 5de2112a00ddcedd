// The claim form in the browser (jsdom): submitting checks the whole form and names every missing
// field (inline and above the form) without saving; a draft saves half-filled; the server's field
// errors land on their fields.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTO_LOSS_NOTICE_SCHEMA, AUTO_LOSS_NOTICE_UI_SCHEMA } from '@clearlane/contract/claim-form/auto-loss-notice';
import type { ClaimDetail, ClaimSchemaVersion } from '@clearlane/contract/claims';
import { theme } from '../../../src/app/theme.ts';
import { ApiError } from '../../../src/lib/api-error.ts';
import { configureHttp } from '../../../src/lib/http.ts';
import { ClaimForm } from '../../../src/features/claims/form/claim-form.tsx';

const builtIn: ClaimSchemaVersion = {
  version: 1, builtIn: true, note: null, createdAt: null, createdBy: null,
  schema: JSON.parse(JSON.stringify(AUTO_LOSS_NOTICE_SCHEMA)), uiSchema: JSON.parse(JSON.stringify(AUTO_LOSS_NOTICE_UI_SCHEMA)),
};

const savedClaim = (publishBlockers: ClaimDetail['publishBlockers'] = []) => ({ id: 'c1', publishBlockers } as unknown as ClaimDetail);

function renderForm(props: Partial<Parameters<typeof ClaimForm>[0]> = {}) {
  // The driver picker asks the API for the company's drivers: an empty page.
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: (async () => new Response(JSON.stringify({ content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } }), { headers: { 'content-type': 'application/json' } })) as typeof fetch });
  const save = vi.fn(async () => savedClaim());
  const onSaved = vi.fn();
  const onDirtyChange = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ClaimForm version={builtIn} initialFormData={{}} save={save} onSaved={onSaved} onDirtyChange={onDirtyChange} submitLabel="Save and submit" {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { save: (props.save ?? save) as typeof save, onSaved, onDirtyChange };
}

// Rendering the whole notice takes seconds in jsdom on a busy machine.
describe('claim form', { timeout: 30_000 }, () => {
  it('renders the sections in ui:order with a navigation and labelled buttons; submitting it empty lists every missing field', async () => {
    const { save } = renderForm();
    const nav = screen.getByRole('navigation', { name: 'Sections of the form' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      '1. Policy', '2. Loss', '3. Coverages affected', '4. Our vehicles', '5. Drivers', '6. Injured people', '7. Witnesses', '8. Other parties',
      '9. Hours of service', '10. Post-accident drug and alcohol testing', '11. Attachments',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: '4. Our vehicles' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add witness' })).toBeInTheDocument();
    // A list that needs an item starts with one, which can be removed by its name.
    expect(screen.getByRole('button', { name: 'Remove vehicle 1' })).toBeInTheDocument();

    // Submitting the empty form saves nothing, lists every missing field and focuses the first.
    fireEvent.click(screen.getByRole('button', { name: 'Save and submit' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('The claim is not complete yet')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Policy › Policy number' })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Our vehicles › 1 › VIN' })).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('root_policy_policyNumber')));
    expect(screen.getByLabelText(/Insurance company/, { selector: '#root_policy_insurer' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('a draft saves half-filled, but a wrong value is refused by field', async () => {
    const { save, onSaved, onDirtyChange } = renderForm();
    fireEvent.change(document.getElementById('root_policy_policyNumber')!, { target: { value: 'CA-88120-03' } });
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    fireEvent.change(document.getElementById('root_vehicles_0_vin')!, { target: { value: 'NOT-A-VIN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('button', { name: 'Our vehicles › 1 › VIN' })).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(document.getElementById('root_vehicles_0_vin')!, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ policy: { policyNumber: 'CA-88120-03' } }), 'draft');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }), 'draft');
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's 400 on the fields it names", async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, { code: 'ValidationFailed', detail: 'Invalid request', errors: [{ path: 'body.formData.policy.policyNumber', message: 'is already used by claim 7' }] });
    });
    renderForm({ save });
    fireEvent.change(document.getElementById('root_policy_policyNumber')!, { target: { value: 'CA-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('The claim was not saved: correct what is not right')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Policy › Policy number' })).toBeInTheDocument();
    expect(screen.getAllByText('is already used by claim 7').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('root_policy_policyNumber')));
  });

  it("a company's own version is checked by the server: what publishing still needs is shown after saving", async () => {
    const save = vi.fn(async () => savedClaim([{ path: 'formData.policy.insurer', message: 'is required' }, { path: 'orders', message: 'attach a report' }]));
    const onSaved = vi.fn();
    renderForm({ save, onSaved, version: { ...builtIn, version: 2, builtIn: false, schema: { ...builtIn.schema, title: 'Our notice' } } });
    expect(screen.getByText(/checked when you save it/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save and submit' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Object), 'full'));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Saved, but the claim is not complete yet')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Policy › Insurance company' })).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
