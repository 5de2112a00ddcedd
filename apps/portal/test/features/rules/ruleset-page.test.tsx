// /rules/{namespace}: a Manager edits the rules in a form, sees what the change would do before it
// is saved and saves it as the next version; a Viewer reads the rules and cannot change them.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULESET } from '@clearlane/contract/domain/adjudication';
import type { CurrentUser } from '@clearlane/contract/users';
import { RulesetPage } from '../../../src/features/rules/components/ruleset-page.tsx';
import { toastStore } from '../../../src/lib/toasts/toast-store.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';
import { stubApi, type Routes } from '../drivers/monitoring-harness.tsx';

const manager = testUser({ roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Order' }] }], groups: ['Manager'] });
const viewer = testUser({ roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Order' }] }], groups: ['Viewer'] });
/** The first render loads the page's lazy parts and its data: on a busy machine that takes more than a second. */
const LOADING = { timeout: 10_000 };
const ORDER_ID = '0190a000-0000-7000-8000-0000000000e1';

const saved = { namespace: 'fleet', name: 'Fleet rules', rules: DEFAULT_RULESET.rules, isDefault: false, updatedAt: '2026-11-20T10:00:00.000Z', version: 2 };
const versions = [
  { version: 2, name: 'Fleet rules', ruleCount: 3, savedAt: '2026-11-20T10:00:00.000Z', savedBy: { id: 'u1', name: 'Morgan Manager', email: 'manager@acme.test' } },
  { version: 1, name: 'Fleet rules', ruleCount: 2, savedAt: '2026-11-10T10:00:00.000Z', savedBy: null },
];
const preview = {
  namespace: 'fleet', since: '2026-08-26T10:00:00.000Z', judged: 5, changed: 2, truncated: false,
  transitions: [{ from: 'Pass', to: 'Fail', count: 2 }],
  orders: [{ id: ORDER_ID, subjectLabel: 'Dana Reyes (CA D7654321)', completedAt: '2026-11-22T10:00:00.000Z', from: 'Pass', to: 'Fail' }],
};

function renderPage(user: CurrentUser, routes: Routes, namespace = 'fleet') {
  const sent = stubApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: '_authenticated', component: Outlet });
  const tree = root.addChildren([
    layout.addChildren([
      createRoute({ getParentRoute: () => layout, path: 'rules', component: () => <h1>Rules</h1> }),
      createRoute({ getParentRoute: () => layout, path: 'rules/$namespace', component: RulesetPage }),
      createRoute({ getParentRoute: () => layout, path: 'orders/$id', component: () => <h1>The order</h1> }),
    ]),
  ]);
  renderRouter(createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [`/rules/${namespace}`] }) }), { queryClient, signedIn: { user, plugins: ['orders'] } });
  return sent;
}

describe('the ruleset page', { timeout: 30_000 }, () => {
  afterEach(() => toastStore.clearAll());

  it('a Manager changes a rule, sees the preview and saves it as the next version', async () => {
    let current = saved;
    const sent = renderPage(manager, {
      'GET /api/v1/rulesets/fleet': () => current,
      'GET /api/v1/rulesets/fleet/versions': () => versions,
      'GET /api/v1/rulesets': () => [],
      'POST /api/v1/rulesets/fleet/preview': () => preview,
      'PUT /api/v1/rulesets/fleet': (body) => (current = { ...saved, ...(body as object), version: 3 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fleet rules' }, LOADING)).toBeInTheDocument();
    expect(screen.getByTestId('ruleset-version')).toHaveTextContent('Version 2');
    const versionList = await screen.findByRole('list', { name: 'Saved versions, newest first' }, LOADING);
    expect(within(versionList).getAllByRole('listitem')).toHaveLength(2);
    expect(within(versionList).getByText(/by Morgan Manager/)).toBeInTheDocument();
    expect(within(versionList).getByText(/by a former user/)).toBeInTheDocument();

    const user = userEvent.setup();
    const second = screen.getByRole('listitem', { name: 'Rule 2' });
    const value = within(second).getByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await user.type(value, '0');
    await user.click(screen.getByRole('button', { name: /Preview and save/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Before you save' }, LOADING);
    expect(within(dialog).getByText('2 orders would go from Pass to Fail')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Dana Reyes (CA D7654321)' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    const previewed = sent.find((request) => request.method === 'POST');
    expect(previewed?.body).toMatchObject({ name: 'Fleet rules', rules: [{ id: 'no-major-5y' }, { id: 'moving-3y', value: 0, years: 3 }, { id: 'licence-valid' }] });
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Save as version 3' }));
    await waitFor(() => expect(screen.getByTestId('ruleset-version')).toHaveTextContent('Version 3'));
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual(previewed?.body);
  });

  it('shows each problem on its field and asks for no preview while the form is not valid; the server\'s 400 lands on its field too', async () => {
    const sent = renderPage(manager, {
      'GET /api/v1/rulesets/fleet': () => saved,
      'GET /api/v1/rulesets/fleet/versions': () => versions,
      'POST /api/v1/rulesets/fleet/preview': () => Response.json(
        { status: 400, code: 'ValidationError', detail: 'Some values are not valid.', errors: [{ path: 'body.rules.0.description', message: 'must not contain control characters' }] },
        { status: 400 },
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Fleet rules' }, LOADING);
    const user = userEvent.setup();
    const first = screen.getByRole('listitem', { name: 'Rule 1' });
    await user.clear(within(first).getByRole('textbox', { name: 'Rule id' }));
    await user.type(within(first).getByRole('textbox', { name: 'Rule id' }), 'Bad Id');
    await user.click(screen.getByRole('button', { name: /Preview and save/ }));
    expect(await within(first).findByText('Rule id must be lowercase letters, digits and hyphens')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(within(first).getByRole('textbox', { name: 'Rule id' }));
    await user.type(within(first).getByRole('textbox', { name: 'Rule id' }), 'fine-id');
    await user.click(screen.getByRole('button', { name: /Preview and save/ }));
    expect(await within(first).findByText('Description must not contain control characters')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds, moves and removes rules', async () => {
    renderPage(manager, { 'GET /api/v1/rulesets/fleet': () => saved, 'GET /api/v1/rulesets/fleet/versions': () => versions });
    await screen.findByRole('heading', { level: 1, name: 'Fleet rules' }, LOADING);
    const user = userEvent.setup();
    const rules = () => within(screen.getByRole('list', { name: 'Rules' })).getAllByRole('listitem').map((item) => within(item).getByRole('textbox', { name: 'Rule id' }).getAttribute('value'));
    expect(rules()).toEqual(['no-major-5y', 'moving-3y', 'licence-valid']);
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    expect(rules()).toEqual(['no-major-5y', 'moving-3y', 'licence-valid', 'rule-4']);
    await user.click(screen.getByRole('button', { name: 'Move rule 4 up' }));
    expect(rules()).toEqual(['no-major-5y', 'moving-3y', 'rule-4', 'licence-valid']);
    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(rules()).toEqual(['moving-3y', 'rule-4', 'licence-valid']);
    expect(screen.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
  });

  it('a Viewer reads the rules and their versions, without a form', async () => {
    renderPage(viewer, { 'GET /api/v1/rulesets/fleet': () => saved, 'GET /api/v1/rulesets/fleet/versions': () => versions });
    await screen.findByRole('heading', { level: 1, name: 'Fleet rules' }, LOADING);
    const rules = screen.getByRole('list', { name: 'Rules' });
    expect(within(rules).getByText('No major violation in the last 5 years')).toBeInTheDocument();
    expect(within(rules).getByText(/Moving violations \(major included\) in the last 3 years is at most 2/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Preview and save/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(await screen.findByRole('list', { name: 'Saved versions, newest first' }, LOADING)).toBeInTheDocument();
  });

  it('a namespace never saved is a new ruleset for a Manager (from the default rules) and "no such ruleset" for a Viewer', async () => {
    renderPage(manager, {}, 'long-haul');
    expect(await screen.findByRole('heading', { level: 1, name: 'New ruleset' }, LOADING)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(screen.getByRole('list', { name: 'Rules' })).getAllByRole('listitem')).toHaveLength(DEFAULT_RULESET.rules.length);
    expect(screen.getByRole('button', { name: /Preview and save/ })).toHaveTextContent('Preview and save as version 1');
  });

  it('… and for a Viewer it says so', async () => {
    renderPage(viewer, {}, 'long-haul');
    expect(await screen.findByText('No such ruleset', {}, LOADING)).toBeInTheDocument();
  });

  it('a Manager restores an old version after confirming: its rules are saved as the next version', async () => {
    const oldRules = DEFAULT_RULESET.rules.slice(0, 2);
    let current = saved;
    let listed = versions;
    const sent = renderPage(manager, {
      'GET /api/v1/rulesets/fleet': () => current,
      'GET /api/v1/rulesets/fleet/versions': () => listed,
      'GET /api/v1/rulesets/fleet/versions/1': () => ({ ...versions[1], namespace: 'fleet', name: 'Fleet rules (old)', rules: oldRules }),
      'GET /api/v1/rulesets': () => [],
      'PUT /api/v1/rulesets/fleet': (body) => {
        current = { ...saved, ...(body as object), version: 3 };
        listed = [{ ...versions[0]!, version: 3, name: 'Fleet rules (old)', ruleCount: 2 }, ...versions];
        return current;
      },
    });
    const versionList = await screen.findByRole('list', { name: 'Saved versions, newest first' }, LOADING);
    // The current version is not offered.
    expect(within(versionList).getAllByRole('button', { name: /^Restore this version/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Restore this version: Version 1']);

    const user = userEvent.setup();
    await user.click(within(versionList).getByRole('button', { name: 'Restore this version: Version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(dialog).toHaveTextContent('Its rules (Fleet rules, 2 rules) are saved as version 3');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(within(versionList).getByRole('button', { name: 'Restore this version: Version 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restore version 1?' })).getByRole('button', { name: 'Restore as version 3' }));
    await waitFor(() => expect(screen.getByTestId('ruleset-version')).toHaveTextContent('Version 3'));
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ name: 'Fleet rules (old)', rules: oldRules }]);
    expect(toastStore.getSnapshot().map((toast) => [toast.type, toast.message])).toEqual([['success', 'Version 1 restored: its rules are now version 3, the current one.']]);
    // The form starts again from the restored rules.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Fleet rules (old)');
    expect(within(screen.getByRole('list', { name: 'Rules' })).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved versions, newest first' })).getAllByRole('listitem')).toHaveLength(3));
  });

  it('says why a restore failed in the dialog, and offers none to a Viewer', async () => {
    renderPage(manager, {
      'GET /api/v1/rulesets/fleet': () => saved,
      'GET /api/v1/rulesets/fleet/versions': () => versions,
      'GET /api/v1/rulesets/fleet/versions/1': () => versions[1],
      'PUT /api/v1/rulesets/fleet': () => Response.json({ status: 403, code: 'Forbidden', detail: 'You may not change the rules.' }, { status: 403 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore this version: Version 1' }, LOADING));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore as version 3' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not change the rules.');
    expect(screen.getByTestId('ruleset-version')).toHaveTextContent('Version 2');
    cleanup();

    renderPage(viewer, { 'GET /api/v1/rulesets/fleet': () => saved, 'GET /api/v1/rulesets/fleet/versions': () => versions });
    await screen.findByRole('list', { name: 'Saved versions, newest first' }, LOADING);
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });
});
