// The claim's edit page: a draft saved there is said in a toast at the top of the screen, never at
// the bottom, where it would cover the form's sticky Save draft / Save and submit bar (and pause
// there while the pointer rests on it on the way to a button).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EditClaimPage } from '../../../src/features/claims/form/claim-form-page.tsx';
import { toastStore } from '../../../src/lib/toasts/toast-store.ts';
import { agent, claim, claimId, formData, renderAt, schemaVersion } from './harness.tsx';

// A draft as the agent left it: the truck's VIN not entered yet.
const draft = () => claim({ status: 'Received', formData: { ...formData, vehicles: [{ type: 'Truck' }] } });

describe('the claim edit page', { timeout: 30_000 }, () => {
  afterEach(() => toastStore.clearAll());

  it('says a saved draft at the top, clear of the form’s sticky buttons', async () => {
    const { sent } = renderAt(
      `/claims/${claimId}/edit`,
      EditClaimPage,
      {
        [`GET /api/v1/claims/${claimId}`]: draft,
        'GET /api/v1/claims/schemas/1': () => schemaVersion,
        [`PUT /api/v1/claims/${claimId}`]: draft,
      },
      { user: agent },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save draft' }, { timeout: 10_000 }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 10_000 });
    await waitFor(() => expect(toastStore.getSnapshot().map((toast) => [toast.message, toast.position])).toEqual([['Draft saved.', 'top-right']]));
  });
});
