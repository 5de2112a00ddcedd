// /scores against a stubbed API: every carrier worst first with a light per BASIC said in words,
// what rescoring changed at the top, carriers without figures say why; a Manager adds numbers (a bad
// one named under the field, by the portal or by the server's 400), rescores (a 202 shows progress
// and the report is asked again until every number has a new scoring) and removes one; a Viewer
// reads only.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CarrierReport } from '@clearlane/contract/dot-scores';
import { ScoresPage } from '../../../src/features/dot-scores/components/scores-page.tsx';
import { toastStore } from '../../../src/lib/toasts/toast-store.ts';
import { testUser } from '../../fixtures.ts';
import { carrier, manager, renderAt, unscored, viewer } from './harness.tsx';

const REPORT = 'GET /api/v1/scores/dot/quality/report';
const SCORE = 'POST /api/v1/scores/dot/quality';
const SLOW = { timeout: 10_000 };

const alerting = carrier('1000002', 'SUMMIT COACH LINES LLC', [78, 22, 10, 0, 35, null, 41]);
const clean = carrier('1000010', 'SILVER CREEK CARRIERS LLC', [12, 5, 3, 0, 8, null, 20]);
const grounded = carrier('1000004', 'SUMMIT LOGISTICS LLC', [null, null, null, null, null, null, null], {
  authority: { ...clean.authority!, allowedToOperate: false },
  changes: [{ id: '0190a000-0000-7000-8000-000000000c01', kind: 'OUT_OF_SERVICE_ORDER', basic: null, title: 'Out-of-service order since 2026-11-23', before: 'No out-of-service order', after: 'Out-of-service order in force', detectedAt: '2026-11-24T05:10:00.000Z' }],
});
const unknown = unscored('1000006', 'NOT_FOUND', 'No carrier has USDOT number 1000006 (sandbox).');

const table = () => screen.getByRole('table', { name: /Carriers/ });

describe('the DOT scores overview', { timeout: 30_000 }, () => {
  afterEach(() => toastStore.clearAll());

  it('lists the carriers worst first with their lights in words, changes at the top, and why a carrier has no figures', async () => {
    renderAt('/scores', ScoresPage, { [REPORT]: () => ({ carriers: [clean, unknown, alerting, grounded] }) });
    await screen.findByRole('table', { name: /Carriers \(4\)/ }, SLOW);
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      expect.stringContaining('SUMMIT LOGISTICS LLC'), expect.stringContaining('SUMMIT COACH LINES LLC'), expect.stringContaining('SILVER CREEK CARRIERS LLC'), expect.stringContaining('USDOT 1000006'),
    ]);
    expect(rows[0]).toHaveTextContent('Not allowed to operate');
    expect(rows[1]).toHaveTextContent('Unsafe Driving: alert, 78th percentile, threshold 50, no earlier score to compare.');
    expect(rows[1]).toHaveTextContent('Crash Indicator: near threshold, 41st percentile, threshold 50');
    expect(rows[1]).toHaveTextContent('Hazardous Materials Compliance: insufficient data. 2 relevant inspections; at least 3 are needed.');
    expect(rows[2]).toHaveTextContent('Unsafe Driving: ok, 12th percentile');
    expect(rows[3]).toHaveTextContent('No carrier has USDOT number 1000006 (sandbox).');
    expect(rows[1]).toHaveTextContent('Clearlane sandbox data as of Nov 24, 2026');
    // Each carrier opens its report.
    expect(within(rows[1]!).getByRole('link', { name: 'SUMMIT COACH LINES LLC' })).toHaveAttribute('href', '/scores/dot-quality?dot=%221000002%22');

    const changes = screen.getByRole('list', { name: 'What changed' });
    expect(changes).toHaveTextContent('Worse: SUMMIT LOGISTICS LLC: Out-of-service order since 2026-11-23');
    expect(changes).toHaveTextContent('No out-of-service order → Out-of-service order in force');
  });

  it('lets a Viewer read, without adding, rescoring or removing', async () => {
    renderAt('/scores', ScoresPage, { [REPORT]: () => ({ carriers: [alerting] }) }, { user: viewer });
    await screen.findByRole('table', { name: /Carriers/ }, SLOW);
    expect(screen.queryByRole('textbox', { name: /DOT numbers/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rescore all' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('names a bad number under the field before sending, and shows the server\'s 400 there too', async () => {
    let answer: Response | undefined;
    const { sent } = renderAt('/scores', ScoresPage, {
      [REPORT]: () => ({ carriers: [alerting] }),
      [SCORE]: () => answer,
    });
    const field = await screen.findByRole('textbox', { name: /DOT numbers/ }, SLOW);
    await userEvent.type(field, '1000012, 12a4');
    await userEvent.click(screen.getByRole('button', { name: 'Add and score' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('"12a4" is not a USDOT number: it has 1 to 8 digits.'));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    answer = Response.json(
      { status: 400, code: 'ValidationError', detail: 'body.0 ...', errors: [{ path: 'body.0', message: '"1000012" is refused by the server for this test.' }] },
      { status: 400, headers: { 'content-type': 'application/problem+json' } },
    );
    await userEvent.clear(field);
    await userEvent.type(field, '1000012');
    await userEvent.click(screen.getByRole('button', { name: 'Add and score' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('"1000012" is refused by the server for this test.')));
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([['1000012']]);
  });

  it('rescores: a 202 shows the progress and the report is asked again until every number has a new scoring', async () => {
    let reports = 0;
    const rescored = (report: CarrierReport) => ({ ...report, scoredAt: '2026-11-24T06:00:00.000Z' });
    const { sent } = renderAt('/scores', ScoresPage, {
      [REPORT]: () => {
        reports += 1;
        // Scored by the jobs: one at the third ask, the other at the fourth.
        return { carriers: [reports >= 3 ? rescored(alerting) : alerting, reports >= 4 ? rescored(clean) : clean] };
      },
      [SCORE]: () => Response.json({ dotNumbers: ['1000002', '1000010'], jobIds: ['job-1'] }, { status: 202 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rescore all' }, SLOW));
    expect(await screen.findByRole('status')).toHaveTextContent(/Scoring 2 DOT numbers: [01] of 2 scored/);
    await waitFor(() => expect(screen.queryByText(/Scoring 2 DOT numbers/)).toBeNull(), { timeout: 12_000 });
    expect(reports).toBe(4);
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual(['1000002', '1000010']);
    // Nothing is waited for any more: the report is left alone.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(reports).toBe(4);
  });

  it('removes a number after confirming', async () => {
    let listed = [alerting, clean];
    const { sent } = renderAt('/scores', ScoresPage, {
      [REPORT]: () => ({ carriers: listed }),
      'DELETE /api/v1/dots/1000010': () => {
        listed = [alerting];
        return new Response(null, { status: 204 });
      },
    }, { user: manager });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove SILVER CREEK CARRIERS LLC (USDOT 1000010)' }, SLOW));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('SILVER CREEK CARRIERS LLC')).toBeNull());
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/v1/dots/1000010']);
  });

  it('marks a number as the company\'s own carrier with a label, and says so', async () => {
    let listed = [alerting, clean];
    const { sent } = renderAt('/scores', ScoresPage, {
      [REPORT]: () => ({ carriers: listed }),
      'POST /api/v1/dots': (body) => {
        const { relationship, label } = body as { relationship: 'OWN' | 'WATCHED'; label: string | null };
        listed = [alerting, { ...clean, relationship, label }];
        return { dotNumber: '1000010', relationship, label, legalName: clean.legalName, addedAt: '2026-11-20T10:00:00.000Z', lastScoredAt: clean.scoredAt, lastStatus: 'SCORED', lastError: null };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit SILVER CREEK CARRIERS LLC (USDOT 1000010)' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit USDOT 1000010' });
    expect(within(dialog).getByRole('radio', { name: 'Watched' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Own carrier' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), '  Linehaul, Midwest ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastStore.getSnapshot().map((toast) => [toast.type, toast.message])).toEqual([['success', 'USDOT 1000010 is now your own carrier, labelled "Linehaul, Midwest".']]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ dotNumber: '1000010', relationship: 'OWN', label: 'Linehaul, Midwest' }]);
    await waitFor(() => expect(within(table()).getByRole('rowheader', { name: /SILVER CREEK/ })).toHaveTextContent('USDOT 1000010 · Own carrier · Linehaul, Midwest'));
  });

  it('keeps the edit dialog and what was typed when the window narrows to a phone\'s (the table becomes cards)', async () => {
    const screenWidth = resizableScreen();
    try {
      renderAt('/scores', ScoresPage, { [REPORT]: () => ({ carriers: [alerting, clean] }) });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit SILVER CREEK CARRIERS LLC (USDOT 1000010)' }, SLOW));
      const dialog = await screen.findByRole('dialog', { name: 'Edit USDOT 1000010' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Linehaul');

      screenWidth.narrow();
      await waitFor(() => expect(screen.queryByRole('table', { name: /Carriers/ })).toBeNull());
      expect(screen.getAllByRole('listitem').some((item) => item.textContent?.includes('USDOT 1000010'))).toBe(true);
      expect(within(screen.getByRole('dialog', { name: 'Edit USDOT 1000010' })).getByRole('textbox', { name: 'Label' })).toHaveValue('Linehaul');
    } finally {
      screenWidth.restore();
    }
  });

  it('shows the server\'s refusal of the label under the field, and a too long label before sending', async () => {
    const { sent } = renderAt('/scores', ScoresPage, {
      [REPORT]: () => ({ carriers: [alerting] }),
      'POST /api/v1/dots': () => Response.json(
        { status: 400, code: 'ValidationError', detail: 'body.label ...', errors: [{ path: 'body.label', message: 'must not contain control characters' }] },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit SUMMIT COACH LINES LLC (USDOT 1000002)' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit USDOT 1000002' });
    const label = within(dialog).getByRole('textbox', { name: 'Label' });
    await user.click(label);
    await user.paste('x'.repeat(121));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(label).toHaveAccessibleDescription(expect.stringContaining('Label has at most 120 characters (121 typed).'));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.clear(label);
    await user.type(label, 'Contractor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(label).toHaveAccessibleDescription(expect.stringContaining('Label must not contain control characters')));
    expect(screen.getByRole('dialog', { name: 'Edit USDOT 1000002' })).toBeInTheDocument();
  });

  it('offers no edit to a Viewer, and edits without removing to a role that may add but not remove', async () => {
    const agent = testUser({ roles: [{ name: 'Agent', permissions: [{ action: 'view', subject: 'Scores' }, { action: 'create', subject: 'Scores' }] }], groups: ['Agent'] });
    renderAt('/scores', ScoresPage, { [REPORT]: () => ({ carriers: [alerting] }) }, { user: viewer });
    await screen.findByRole('table', { name: /Carriers/ }, SLOW);
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    cleanup();

    renderAt('/scores', ScoresPage, { [REPORT]: () => ({ carriers: [alerting] }) }, { user: agent });
    expect(await screen.findByRole('button', { name: 'Edit SUMMIT COACH LINES LLC (USDOT 1000002)' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

/**
 * A screen whose width queries (min-width) match until narrow() says it is a phone's, telling
 * Mantine's listeners as a browser would; every other query keeps matching (test/setup.ts).
 */
function resizableScreen() {
  const original = window.matchMedia;
  let wide = true;
  type Listener = (event: { matches: boolean; media: string }) => void;
  const listeners = new Map<Listener, string>();
  const matches = (query: string) => (query.includes('min-width') ? wide : true);
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addListener: (listener: Listener) => listeners.set(listener, query),
      removeListener: (listener: Listener) => listeners.delete(listener),
      addEventListener: (_type: string, listener: Listener) => listeners.set(listener, query),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    narrow() {
      wide = false;
      act(() => {
        for (const [listener, query] of listeners) listener({ matches: matches(query), media: query });
      });
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
