// The claim pages against a stubbed API: the list asks with the filters of its URL and offers "New
// claim" to those who may file one; the claim page shows the notice by section with the form's
// titles, the reports with the claim's judgement, what publishing waits for in plain words, Publish
// to a Manager only (and publishes), Edit to those who may change it, and an edit's fields in the
// timeline; the snapshot page shows the differences from the previous snapshot and every report's
// SHA-256.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../src/lib/toasts/notify.ts';
import { ClaimPage } from '../../../src/features/claims/components/claim-page.tsx';
import { ClaimSnapshotPage } from '../../../src/features/claims/components/claim-snapshot-page.tsx';
import { ClaimsPage } from '../../../src/features/claims/components/claims-page.tsx';
import { agent, claim, claimId, orderId, pageOf, renderAt, schemaVersion, snapshot, snapshotId, viewer } from './harness.tsx';

const SLOW = { timeout: 10_000 };
const CLAIM = `GET /api/v1/claims/${claimId}`;
const common = {
  'GET /api/v1/claims/schemas/1': () => schemaVersion,
  [`GET /api/v1/claims/${claimId}/snapshots`]: () => [],
  'GET /api/v1/rulesets': () => [{ namespace: 'default', name: 'Default', ruleCount: 3 }],
};

describe('the claims list', { timeout: 30_000 }, () => {
  it('asks with the filters of its URL and links each claim; New claim for those who may file one', async () => {
    const { sent } = renderAt('/claims?status=Complete&kind=Update&from=2026-11-01&filter=CA-88', ClaimsPage, { 'GET /api/v1/claims': () => pageOf([claim()]) }, { user: agent });
    const link = await screen.findByRole('link', { name: 'Policy CA-88120-03' }, SLOW);
    expect(link).toHaveAttribute('href', `/claims/${claimId}`);
    expect(sent[0]!.search).toBe('?page=0&size=20&sort=updatedAt%2Cdesc&filter=CA-88&status=Complete&kind=Update&from=2026-11-01');
    const row = within(screen.getByRole('table', { name: 'Claims' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('loss 2026-11-20 · Lincoln, NE');
    expect(row).toHaveTextContent('Complete');
    expect(screen.getByRole('link', { name: 'New claim' })).toHaveAttribute('href', '/claims/add-claim');
  });

  it('says so when there is no claim, without New claim for a Viewer', async () => {
    renderAt('/claims', ClaimsPage, { 'GET /api/v1/claims': () => pageOf([]) }, { user: viewer });
    expect(await screen.findByText('No claims yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /claim/i })).toBeNull();
  });
});

describe('the claim page', { timeout: 30_000 }, () => {
  it('shows the notice by section, the reports with their judgement, and publishes for a Manager', async () => {
    let published = false;
    const { sent } = renderAt(`/claims/${claimId}`, ClaimPage, {
      ...common,
      [CLAIM]: () => claim(published ? { status: 'Published', snapshotCount: 1 } : {}),
      [`PATCH /api/v1/claims/${claimId}/publish`]: () => {
        published = true;
        return claim({ status: 'Published', snapshotCount: 1, publishedAt: '2026-11-22T10:00:00Z' });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Policy CA-88120-03 · loss 2026-11-20 · Lincoln, NE' }, SLOW)).toBeInTheDocument();
    // The notice, labelled by the form version's titles.
    const vehicle = await screen.findByRole('region', { name: 'Our vehicles › 1' }, SLOW);
    expect(within(vehicle).getByText('VIN').nextSibling).toHaveTextContent('1FUJGLDR5CL100001');
    expect(screen.getByRole('region', { name: 'Witnesses' })).toHaveTextContent('Nothing entered.');
    // The report with the claim's judgement and a link to the order.
    const report = within(screen.getByRole('list', { name: 'Attached reports' })).getByRole('listitem');
    expect(within(report).getByRole('link', { name: 'Luis Ortega (CA D7654321)' })).toHaveAttribute('href', `/orders/${orderId(1)}`);
    expect(report).toHaveTextContent('Fail');
    expect(report).toHaveTextContent('no-major-5y');
    expect(report).toHaveTextContent('as seeded');
    // The timeline names the fields an edit changed.
    const edit = within(screen.getByRole('table', { name: 'Fields changed by this edit' })).getByRole('row', { name: /Our vehicles › 1 › Damage/ });
    expect(within(edit).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Scratch.', 'Bumper scraped.']);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/claims/${claimId}/edit`);

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { name: 'Published as snapshot 1' }, SLOW)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PATCH').map((request) => request.path)).toEqual([`/api/v1/claims/${claimId}/publish`]);
  });

  it('says what publishing waits for in plain words, and has no Publish for an Agent', async () => {
    renderAt(
      `/claims/${claimId}`,
      ClaimPage,
      {
        ...common,
        [CLAIM]: () =>
          claim({
            status: 'Processing',
            statusReason: 'Waiting for Luis Ortega (CA D7654321)',
            publishBlockers: [
              { path: 'formData.loss.description', message: 'is required' },
              { path: `orders.${orderId(1)}`, message: 'Luis Ortega (CA D7654321) is Ordered: wait until it completes' },
            ],
          }),
      },
      { user: agent },
    );
    const panel = await screen.findByRole('region', { name: 'Before it can be published' }, SLOW);
    await waitFor(() => expect(panel).toHaveTextContent('Loss › Description of the accident is required'), SLOW);
    expect(panel).toHaveTextContent('Luis Ortega (CA D7654321) is Ordered: wait until it completes');
    expect(screen.getByText('Waiting for Luis Ortega (CA D7654321)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    // An Agent may attach, detach and order a report for the claim's driver.
    expect(screen.getByRole('button', { name: 'Detach Luis Ortega (CA D7654321)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Attach an existing order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order MVR for Luis Ortega' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Order vehicle report for Truck/ })).toBeInTheDocument();
  });

  it('detaches a report and says so, though the card it was clicked on has gone with it', async () => {
    const success = vi.spyOn(notify, 'success');
    let detached = false;
    const { sent } = renderAt(`/claims/${claimId}`, ClaimPage, {
      ...common,
      [CLAIM]: () => claim(detached ? { orders: [] } : {}),
      [`DELETE /api/v1/claims/${claimId}/${orderId(1)}`]: () => {
        detached = true;
        return claim({ orders: [] });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Detach Luis Ortega (CA D7654321)' }, SLOW));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Luis Ortega (CA D7654321) detached'), SLOW);
    expect(screen.queryByRole('button', { name: /^Detach/ })).toBeNull();
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/api/v1/claims/${claimId}/${orderId(1)}`]);
    success.mockRestore();
  });

  it('shows a vehicle or driver added by an edit by its fields, labelled by the form, never as JSON', async () => {
    const added = {
      id: orderId(92),
      type: 'UPDATED',
      message: 'Edited by Aggie Agent: 2 fields changed',
      actorId: agent.id,
      actorName: 'Aggie Agent',
      data: {
        changeCount: 2,
        changes: [
          { path: 'vehicles.1', before: null, after: { type: 'Truck', vin: '1FUJGLDR5CL100002', plate: { number: 'ABC123', state: 'NE' } } },
          { path: 'drivers.1', before: null, after: { source: 'TYPED_IN', firstName: 'Dana', lastName: 'Reyes' } },
        ],
      },
      createdAt: '2026-11-21T09:06:00Z',
    } as const;
    renderAt(`/claims/${claimId}`, ClaimPage, { ...common, [CLAIM]: () => claim({ events: [...claim().events, added] }) }, { user: viewer });
    const edits = await screen.findAllByRole('table', { name: 'Fields changed by this edit' }, SLOW);
    // Labelled by the form version's titles once it has loaded.
    const vehicle = await within(edits.at(-1)!).findByRole('row', { name: /Our vehicles › 2/ }, SLOW);
    expect(vehicle).toHaveTextContent('VIN: 1FUJGLDR5CL100002');
    expect(vehicle).toHaveTextContent('Plate › Plate number: ABC123');
    expect(vehicle).not.toHaveTextContent('{');
    const driver = within(edits.at(-1)!).getByRole('row', { name: /Drivers › 2/ });
    // A choice reads by the name the form shows for it.
    expect(driver).toHaveTextContent('Driver: Typed in');
    expect(driver).toHaveTextContent('First name: Dana');
    expect(within(driver).getAllByRole('cell')[0]).toHaveTextContent('—');
  });

  it('gives a Viewer the claim to read and nothing to change', async () => {
    renderAt(`/claims/${claimId}`, ClaimPage, { ...common, [CLAIM]: () => claim() }, { user: viewer });
    expect(await screen.findByRole('heading', { name: 'Ready to publish' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/A Manager can publish it/)).toBeInTheDocument();
    for (const name of [/^Publish/, /^Detach/, /^Order MVR/, 'Attach']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});

describe('the snapshot page', { timeout: 30_000 }, () => {
  it('shows the differences from the previous snapshot, each report with its fingerprint, and the notice as published', async () => {
    renderAt(`/claims/${claimId}/snapshots/${snapshotId(2)}`, ClaimSnapshotPage, {
      ...common,
      [CLAIM]: () => claim({ status: 'Published', snapshotCount: 2 }),
      [`GET /api/v1/claims/${claimId}/snapshots/${snapshotId(2)}`]: () => snapshot(),
      [`GET /api/v1/claims/${claimId}/snapshots`]: () => [
        { ...snapshot({ id: snapshotId(1), number: 1, kind: 'New' }), formData: undefined, orders: undefined, changes: undefined },
        { ...snapshot(), formData: undefined, orders: undefined, changes: undefined },
      ],
      [`GET /api/v1/claims/${claimId}/snapshots/${snapshotId(1)}`]: () =>
        snapshot({ id: snapshotId(1), number: 1, orders: [{ ...snapshot().orders[0]!, orderId: orderId(2), subjectLabel: 'Dana Reyes (CA D1234567)' }] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /^Snapshot 2 of Policy CA-88120-03/ }, SLOW)).toBeInTheDocument();
    const differences = screen.getByRole('region', { name: 'Differences from snapshot 1' });
    const row = within(differences).getByRole('row', { name: /Our vehicles › 1 › Damage/ });
    expect(row).toHaveTextContent('Scratch.');
    expect(row).toHaveTextContent('Bumper scraped.');
    const outcome = within(within(differences).getByRole('table', { name: 'Outcomes changed' })).getByRole('row', { name: /Luis Ortega/ });
    expect(within(outcome).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Pass', 'Fail']);
    // A report removed since snapshot 1 is named from snapshot 1.
    await waitFor(() => expect(differences).toHaveTextContent('Dana Reyes (CA D1234567)'), SLOW);
    const report = within(screen.getByRole('list', { name: 'Reports of the snapshot' })).getByRole('listitem');
    expect(report).toHaveTextContent('a'.repeat(64));
    expect(report).toHaveTextContent('no-major-5y');
    expect(await screen.findByRole('region', { name: 'Policy' }, SLOW)).toHaveTextContent('Great Plains Mutual');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });
});

describe('the ruleset version of a claim\'s report', () => {
  it('reads as a version number, the untouched default as seeded, an old save time as a date', async () => {
    const { rulesetVersionText } = await import('../../../src/features/claims/components/claim-order-card.tsx');
    expect(rulesetVersionText('3')).toBe('version 3');
    expect(rulesetVersionText('0')).toBe('version 0, as seeded');
    expect(rulesetVersionText('seeded')).toBe('version 0, as seeded');
    expect(rulesetVersionText(null)).toBe('not judged yet');
    expect(rulesetVersionText('2026-11-20T10:00:00.000Z')).toMatch(/^saved .*2026/);
  });
});
