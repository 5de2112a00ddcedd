// Renders a monitoring component as a signed-in user, inside the theme, a query client and a router,
// answering the API from `routes` ("METHOD /path" → answer) and recording every request.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import type { DriverAlert, DriverAlertDetail } from '@clearlane/contract/monitoring';
import type { CurrentUser } from '@clearlane/contract/users';
import { configureHttp } from '../../../src/lib/http.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';

export const DRIVER_ID = '0190a000-0000-7000-8000-0000000000d1';
export const ALERT_ID = '0190a000-0000-7000-8000-0000000000a1';
export const ORDER_ID = '0190a000-0000-7000-8000-0000000000e1';

export const manager = testUser({
  roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Monitoring' }, { action: 'view', subject: 'Order' }, { action: 'view', subject: 'Driver' }] }],
  groups: ['Manager'],
});
export const viewer = testUser({
  roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Monitoring' }, { action: 'view', subject: 'Order' }, { action: 'view', subject: 'Driver' }] }],
  groups: ['Viewer'],
});

export const alertSummary = (overrides: Partial<DriverAlert> = {}): DriverAlert => ({
  id: ALERT_ID,
  personId: DRIVER_ID,
  personName: 'Aisha Khan',
  type: 'MVR_MONITORING_ALERT',
  changeKind: 'NEW_VIOLATION',
  severity: 'MEDIUM',
  title: 'New moving violation: speeding 15 mph over',
  createdAt: '2026-11-20T10:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedByName: null,
  escalatedAfterDays: 0,
  ...overrides,
});

export const alertDetail = (overrides: Partial<DriverAlertDetail> = {}): DriverAlertDetail => ({
  ...alertSummary(),
  acknowledgementNote: null,
  annualReviewId: null,
  change: {
    summary: 'A new conviction for speeding appeared on the Texas record.',
    values: [
      { label: 'Licence status', before: 'VALID', after: 'VALID' },
      { label: 'Violations in 3 years', before: '1', after: '2' },
      { label: 'Points', before: '2', after: '5' },
    ],
    violation: { date: '2026-11-01', convictionDate: '2026-11-15', code: 'S15', description: 'Speeding 15 mph over', category: 'MOVING', points: 3 },
    dmvAction: null,
    providerChangeId: 'chg-48213572-1',
    detectedAt: '2026-11-20T10:00:00.000Z',
  },
  recheck: {
    orderId: ORDER_ID,
    orderStatus: 'Complete',
    outcomeBefore: 'Pass',
    outcomeAfter: 'Fail',
    newlyFailingRules: [{ ruleId: 'max-violations', description: 'At most 1 moving violation in 3 years', reason: 'Found 2 moving violations in 3 years' }],
  },
  ...overrides,
});

export const page = <T,>(content: T[]) => ({ content, page: { number: 0, size: 20, totalElements: content.length, totalPages: 1 } });

export interface SentRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** `headers` are the request's own (a test of a download checks the bearer token). */
export type Routes = Record<string, (body: unknown, url: URL, headers: Record<string, string>) => unknown>;

/** Answers the API from `routes` ("METHOD /path" → answer, 404 otherwise) and records every request. */
export function stubApi(routes: Routes): SentRequest[] {
  const sent: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname, search: url.search, body });
    const answer = routes[`${method} ${url.pathname}`];
    if (!answer) return Response.json({ status: 404, code: 'NotFound', detail: `No stub for ${method} ${url.pathname}` }, { status: 404 });
    const result = answer(body, url, { ...(init?.headers as Record<string, string> | undefined) });
    return result instanceof Response ? result : Response.json(result);
  };
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return sent;
}

export function renderAs(signedIn: CurrentUser, ui: (queryClient: QueryClient) => ReactElement, routes: Routes, plugins = ['monitoring', 'orders']) {
  const sent = stubApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const root = createRootRoute({ component: () => ui(queryClient) });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderRouter(router, { queryClient, signedIn: { user: signedIn, plugins } });
  return { sent, queryClient };
}
