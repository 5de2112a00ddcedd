// Renders a claim page as a signed-in user at a URL of a small route tree with the app's route ids
// (so getRouteApi finds its params and search), answering the API from stubbed routes.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import type { FunctionComponent } from 'react';
import { AUTO_LOSS_NOTICE_SCHEMA, AUTO_LOSS_NOTICE_UI_SCHEMA, type ClaimDetail, type ClaimSchemaVersion, type ClaimSnapshot } from '@clearlane/contract/claims';
import type { CurrentUser } from '@clearlane/contract/users';
import { claimsSearchSchema } from '../../../src/features/claims/claims-search.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';
import { stubApi, type Routes } from '../drivers/monitoring-harness.tsx';

export const claimId = '0190a000-0000-7000-8000-00000000c001';
export const orderId = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const snapshotId = (n: number) => `0190a000-0000-7000-8000-0000000050${String(n).padStart(2, '0')}`;

const userWith = (name: 'Manager' | 'Agent' | 'Viewer', permissions: CurrentUser['roles'][number]['permissions']) =>
  testUser({ id: `0190a000-0000-7000-8000-0000000000${name.length}0`, roles: [{ name, permissions }], groups: [name] });
export const manager = userWith('Manager', [{ action: 'manage', subject: 'Claim' }, { action: 'manage', subject: 'Order' }]);
export const agent = userWith('Agent', [{ action: 'create', subject: 'Claim' }, { action: 'view', subject: 'Claim' }, { action: 'create', subject: 'Order' }, { action: 'view', subject: 'Order' }]);
export const viewer = userWith('Viewer', [{ action: 'view', subject: 'Claim' }, { action: 'view', subject: 'Order' }]);

export const schemaVersion: ClaimSchemaVersion = {
  version: 1,
  builtIn: true,
  note: 'Built-in commercial auto loss notice',
  schema: AUTO_LOSS_NOTICE_SCHEMA as unknown as Record<string, unknown>,
  uiSchema: AUTO_LOSS_NOTICE_UI_SCHEMA as unknown as Record<string, unknown>,
  createdAt: null,
  createdBy: null,
};

export const formData = {
  policy: { policyNumber: 'CA-88120-03', insurer: 'Great Plains Mutual', effectiveDate: '2026-01-01', expirationDate: '2027-01-01' },
  vehicles: [{ type: 'Truck', vin: '1FUJGLDR5CL100001', damage: 'Bumper scraped.' }],
  drivers: [{ source: 'TYPED_IN', firstName: 'Luis', lastName: 'Ortega', dateOfBirth: '1979-07-30', licence: { number: 'D7654321', state: 'CA' } }],
};

export function claim(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  return {
    id: claimId,
    kind: 'New',
    status: 'Complete',
    statusReason: null,
    schemaVersion: 1,
    adjudicationRuleset: null,
    publishIfPossible: false,
    title: 'Policy CA-88120-03 · loss 2026-11-20 · Lincoln, NE',
    policyNumber: 'CA-88120-03',
    lossOccurredAt: '2026-11-20T14:30:00Z',
    orderCount: 1,
    snapshotCount: 0,
    createdAt: '2026-11-21T09:00:00Z',
    createdBy: agent.id,
    updatedAt: '2026-11-21T09:05:00Z',
    publishedAt: null,
    formData,
    orders: [
      {
        orderId: orderId(1),
        type: 'MVR',
        subjectLabel: 'Luis Ortega (CA D7654321)',
        orderStatus: 'Complete',
        failureReason: null,
        adjudicationRuleset: 'default',
        outcome: 'Fail',
        adjudication: { outcome: 'Fail', rulesetNamespace: 'default', results: [], decidingRuleIds: ['no-major-5y'], summary: 'A major violation in the last 5 years.' },
        judgedAt: '2026-11-21T09:04:00Z',
        rulesetVersion: 'seeded',
        attachedAt: '2026-11-21T09:03:00Z',
        attachedBy: agent.id,
      },
    ],
    events: [
      { id: orderId(90), type: 'CREATED', message: 'Filed by Aggie Agent on form version 1', actorId: agent.id, actorName: 'Aggie Agent', data: null, createdAt: '2026-11-21T09:00:00Z' },
      {
        id: orderId(91),
        type: 'UPDATED',
        message: 'Edited by Aggie Agent: 1 field changed',
        actorId: agent.id,
        actorName: 'Aggie Agent',
        data: { changeCount: 1, changes: [{ path: 'vehicles.0.damage', before: 'Scratch.', after: 'Bumper scraped.' }] },
        createdAt: '2026-11-21T09:02:00Z',
      },
    ],
    publishBlockers: [],
    ...overrides,
  };
}

export function snapshot(overrides: Partial<ClaimSnapshot> = {}): ClaimSnapshot {
  return {
    id: snapshotId(2),
    claimId,
    number: 2,
    kind: 'Update',
    schemaVersion: 1,
    publishedAt: '2026-11-22T10:00:00Z',
    publishedBy: manager.id,
    publishedByName: 'Max Manager',
    changeCount: 3,
    formData,
    orders: [
      {
        orderId: orderId(1),
        type: 'MVR',
        subjectLabel: 'Luis Ortega (CA D7654321)',
        status: 'Complete',
        completedAt: '2026-11-21T09:01:00Z',
        outcome: 'Fail',
        decidingRuleIds: ['no-major-5y'],
        adjudication: null,
        rulesetNamespace: 'default',
        rulesetVersion: 'seeded',
        reportSha256: 'a'.repeat(64),
      },
    ],
    changes: {
      since: 1,
      schemaVersion: null,
      formData: [{ path: 'vehicles.0.damage', before: 'Scratch.', after: 'Bumper scraped.' }],
      ordersAdded: [],
      ordersRemoved: [orderId(2)],
      outcomesChanged: [{ orderId: orderId(1), before: 'Pass', after: 'Fail' }],
    },
    ...overrides,
  };
}

/** Renders `component` at `path` under the app's claim route ids. */
export function renderAt(path: string, component: FunctionComponent, routes: Routes, { user = manager, plugins = ['orders', 'claims'] }: { user?: CurrentUser; plugins?: string[] } = {}) {
  const sent = stubApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: '_authenticated', component: Outlet });
  const claims = createRoute({ getParentRoute: () => layout, path: 'claims', component: Outlet });
  const tree = root.addChildren([
    layout.addChildren([
      claims.addChildren([
        createRoute({ getParentRoute: () => claims, path: '/', validateSearch: claimsSearchSchema, component }),
        createRoute({ getParentRoute: () => claims, path: '$id', component }),
        createRoute({ getParentRoute: () => claims, path: '$claimId/snapshots/$snapshotId', component }),
        createRoute({ getParentRoute: () => claims, path: 'add-claim', component: () => <h1>New claim form</h1> }),
        // The edit page itself when the test renders it there; else a stand-in to land on.
        createRoute({ getParentRoute: () => claims, path: '$claimId/edit', component: path.endsWith('/edit') ? component : () => <h1>Edit form</h1> }),
      ]),
      createRoute({ getParentRoute: () => layout, path: 'orders/$id', component: () => <h1>The order</h1> }),
      createRoute({ getParentRoute: () => layout, path: 'drivers/$id', component: () => <h1>The driver</h1> }),
    ]),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  renderRouter(router, { queryClient, signedIn: { user, plugins } });
  return { sent, router, queryClient };
}

export const pageOf = <T,>(content: T[]) => ({ content, page: { number: 0, size: 20, totalElements: content.length, totalPages: 1 } });
