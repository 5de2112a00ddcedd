// Renders a DOT scores page as a signed-in user at a URL of a small route tree with the app's route
// ids (so getRouteApi finds its search), answering the API from stubbed routes; and report fixtures
// shaped as the server answers them.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import type { FunctionComponent } from 'react';
import type { BasicCode, BasicScore, CarrierReport } from '@clearlane/contract/dot-scores';
import type { CurrentUser } from '@clearlane/contract/users';
import { dotQualitySearchSchema } from '../../../src/features/dot-scores/dot-quality-search.ts';
import { BASIC_FULL_NAMES, BASIC_ORDER } from '../../../src/features/dot-scores/scores.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';
import { stubApi, type Routes } from '../drivers/monitoring-harness.tsx';

export const manager = testUser({ roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Scores' }] }], groups: ['Manager'] });
export const viewer = testUser({ roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Scores' }] }], groups: ['Viewer'] });

const fmcsa = { origin: 'FMCSA' as const, provider: 'sandbox' as const, asOf: '2026-10-30', method: null };
const ours = { origin: 'CLEARLANE' as const, provider: 'sandbox' as const, asOf: '2026-11-24', method: 'SMS method.' };

export function basic(code: BasicCode, percentile: number | null, threshold: number, overrides: Partial<BasicScore> = {}): BasicScore {
  const insufficient = percentile === null;
  return {
    code,
    name: BASIC_FULL_NAMES[code],
    measure: insufficient ? null : percentile / 20,
    percentile,
    threshold,
    alert: !insufficient && percentile >= threshold,
    status: insufficient ? 'INSUFFICIENT_DATA' : percentile >= threshold ? 'ALERT' : 'OK',
    insufficientDataReason: insufficient ? '2 relevant inspections; at least 3 are needed.' : null,
    relevantInspections: insufficient ? 2 : 24,
    inspectionsWithViolations: 3,
    violations: 4,
    peerGroup: null,
    source: { measure: insufficient ? null : fmcsa, percentile: insufficient ? null : fmcsa },
    ...overrides,
  };
}

const source = { origin: 'FMCSA' as const, provider: 'sandbox' as const, asOf: '2026-11-24', method: null };

/** A scored carrier; `percentiles` in BASIC order (null: insufficient data). */
export function carrier(dotNumber: string, name: string, percentiles: (number | null)[], overrides: Partial<CarrierReport> = {}): CarrierReport {
  const passenger = percentiles[0] !== null && percentiles[0]! > 70;
  const threshold = (code: BasicCode) => (['UNSAFE_DRIVING', 'HOS_COMPLIANCE', 'CRASH_INDICATOR'].includes(code) ? (passenger ? 50 : 65) : passenger ? 65 : 80);
  const basics = BASIC_ORDER.map((code, index) => basic(code, percentiles[index] ?? null, threshold(code)));
  return {
    dotNumber,
    relationship: 'WATCHED',
    label: null,
    status: 'SCORED',
    statusMessage: null,
    legalName: name,
    dbaName: null,
    source: 'sandbox',
    asOf: '2026-11-24',
    scoredAt: '2026-11-24T05:00:00.000Z',
    carrier: { passengerCarrier: passenger, hazmatCarrier: false, powerUnits: 24, drivers: 29, thresholdGroup: passenger ? 'PASSENGER' : 'GENERAL' },
    basics,
    outOfService: {
      driver: { rate: 12.5, inspections: 24, outOfServiceInspections: 3, nationalAverage: 6.67 },
      vehicle: { rate: 0, inspections: 23, outOfServiceInspections: 0, nationalAverage: 22.26 },
      hazmat: { rate: null, inspections: 0, outOfServiceInspections: 0, nationalAverage: 4.44 },
      nationalAverages: { driver: 6.67, vehicle: 22.26, hazmat: 4.44, period: '2024' },
      orders: [],
      source,
    },
    safetyRating: { rating: 'SATISFACTORY', ratedOn: '2025-10-20', source },
    authority: { allowedToOperate: true, common: 'ACTIVE', contract: 'NONE', broker: 'NONE', source },
    insurance: {
      compliant: true,
      bodilyInjuryAndPropertyDamage: { required: true, requiredAmount: 5000, onFileAmount: 5000 },
      cargo: { required: false, requiredAmount: null, onFileAmount: 0 },
      bond: { required: false, requiredAmount: null, onFileAmount: 0 },
      source,
    },
    changes: [],
    history: [{ scoredAt: '2026-11-24T05:00:00.000Z', asOf: '2026-11-24', basics: basics.map(({ code, measure, percentile, alert, status }) => ({ code, measure, percentile, alert, status })) }],
    ...overrides,
  };
}

/** A carrier the provider did not know, or failed on: no figures. */
export const unscored = (dotNumber: string, status: CarrierReport['status'], statusMessage: string | null): CarrierReport => ({
  ...carrier(dotNumber, '', []),
  legalName: null,
  status,
  statusMessage,
  source: null,
  asOf: null,
  scoredAt: null,
  carrier: null,
  basics: [],
  outOfService: null,
  safetyRating: null,
  authority: null,
  insurance: null,
  history: [],
});

export { ours };

export function renderAt(path: string, component: FunctionComponent, routes: Routes, { user = manager as CurrentUser, plugins = ['dot-scores'] } = {}) {
  const sent = stubApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: '_authenticated', component: Outlet });
  const scores = createRoute({ getParentRoute: () => layout, path: 'scores', component: Outlet });
  const onScores = path.startsWith('/scores/dot-quality') ? 'dot-quality' : 'index';
  const tree = root.addChildren([
    layout.addChildren([
      scores.addChildren([
        createRoute({ getParentRoute: () => scores, path: '/', component: onScores === 'index' ? component : () => <h1>DOT scores</h1> }),
        createRoute({ getParentRoute: () => scores, path: 'dot-quality', validateSearch: dotQualitySearchSchema, component: onScores === 'dot-quality' ? component : () => <h1>DOT quality</h1> }),
      ]),
    ]),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  renderRouter(router, { queryClient, signedIn: { user, plugins } });
  return { sent, router, queryClient };
}
