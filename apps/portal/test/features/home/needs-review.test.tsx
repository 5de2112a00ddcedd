// The home page's daily work (issue 13): "Needs review" lists the oldest completed orders nobody has
// reviewed (as the server sorts them) with a link to all of them in the orders list; "Order a
// report" links to each order form the company's plugins allow; neither is shown to whom it does
// not apply.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@clearlane/contract/orders';
import type { CurrentUser } from '@clearlane/contract/users';
import { configureHttp } from '../../../src/lib/http.ts';
import { testUser } from '../../fixtures.ts';
import { testPublicConfig } from '../../public-config.ts';
import { json, renderHome } from './render-home.tsx';

const manager = testUser({ roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Order' }] }], groups: ['Manager'] });
const viewer = testUser({ roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Order' }] }], groups: ['Viewer'] });

const order = (n: number, overrides: Partial<Order> = {}): Order => ({
  id: `01a2075e-609a-79d9-a24e-c20369a741${String(n).padStart(2, '0')}`, type: 'MVR_WITH_ADJUDICATION', status: 'Complete', processingStatus: 'Complete', outcome: 'Fail',
  subStatus: null, changeNotes: null, isReviewed: false, reviewedAt: null, reviewedBy: null, subjectLabel: `Driver ${n}`, personId: null, businessId: null,
  reportGroupId: null, permissiblePurpose: 'WRITTEN_CONSENT', ruleNamespace: null, riskAssessmentDefinitionName: null, mvrExternalReferenceId: null,
  isAutoAdjudicated: true, tags: [], failureReason: null, resultSummary: null, createdAt: `2026-10-${10 + n}T10:00:00Z`, updatedAt: '2026-11-01T10:00:00Z',
  completedAt: `2026-11-0${n}T10:00:00Z`, ...overrides,
});

/** The API as the home page sees it: `orders` answers GET /orders; every orders query is kept. */
function stubApi(orders: Order[], totalElements = orders.length) {
  const queries: URLSearchParams[] = [];
  const fetch = async (input: string) => {
    const url = new URL(input, 'http://acme.localhost');
    if (url.pathname === '/api/v1/company/me') return json(200, { id: 'company-1', name: 'Acme Logistics', tenantIdentifier: 'acme', customDomains: [] });
    if (url.pathname === '/api/v1/orders') {
      queries.push(url.searchParams);
      return json(200, { content: orders, page: { number: 0, size: 5, totalElements, totalPages: Math.ceil(totalElements / 5), totalElementsCapped: false } });
    }
    return json(404, { status: 404, code: 'NotFound', detail: `No stub for ${url.pathname}` });
  };
  configureHttp({ idToken: async () => 'id-token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return queries;
}

// The cards are their own chunk: loaded once up front, so no test waits for the first import.
beforeAll(async () => {
  await import('../../../src/features/home/components/review-and-order.tsx');
});

beforeEach(() => {
  testPublicConfig();
});

const render = (user: CurrentUser, plugins: string[]) => renderHome(user, plugins);

describe('needs review', { timeout: 20_000 }, () => {
  it('asks for the five oldest completed orders not reviewed, lists them in that order, and links to all of them', async () => {
    const queries = stubApi([order(1), order(2, { type: 'VIN_REPORT', outcome: null, subjectLabel: 'VIN 1HGCM82633A004352' }), order(3)], 7);
    const router = render(manager, ['orders']);
    const section = await screen.findByRole('region', { name: 'Needs review' }, { timeout: 5_000 });
    const rows = await within(section).findAllByRole('listitem', {}, { timeout: 5_000 });
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Driver 1', 'VIN 1HGCM82633A004352', 'Driver 3']);
    expect(rows[0]).toHaveTextContent(/^Driver 1MVR, adjudicated · ordered Oct 11, 2026 · completed [\d,]+ days agoFail$/);
    expect(within(rows[0]!).getByText('Fail')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/orders/${order(1).id}`);
    const query = queries.find((params) => params.get('isReviewed') === 'false')!;
    expect(Object.fromEntries(query)).toMatchObject({ status: 'Complete', isReviewed: 'false', sort: 'createdAt,asc', size: '5', page: '0' });

    await userEvent.click(within(section).getByRole('link', { name: 'See all 7 orders to review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toEqual({ status: 'Complete', isReviewed: false, sort: 'createdAt,asc' });
  });

  it('says when every completed order is reviewed', async () => {
    stubApi([]);
    render(viewer, ['orders']);
    const section = await screen.findByRole('region', { name: 'Needs review' }, { timeout: 5_000 });
    expect(await within(section).findByText('Every completed order is reviewed. New ones will be listed here.')).toBeInTheDocument();
  });
});

describe('order a report', { timeout: 20_000 }, () => {
  it('links to each order form the company’s plugins allow', async () => {
    stubApi([]);
    render(manager, ['orders', 'businesses']);
    const section = await screen.findByRole('region', { name: 'Order a report' }, { timeout: 5_000 });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.querySelector('p')?.textContent, link.getAttribute('href')])).toEqual([
      ['MVR for one driver', '/orders/mvr/single-order'],
      ['Vehicle history report', '/orders/vin/single-order'],
      ['Person risk assessment', '/orders/person-risk-assessment/single-order'],
      ['Business risk report', '/orders/business-risk-assessment/single-order'],
    ]);
  });

  it('is not offered to a Viewer, and neither card without the orders plugin', async () => {
    stubApi([]);
    render(viewer, ['orders']);
    expect(await screen.findByRole('region', { name: 'Needs review' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order a report' })).toBeNull();
  });

  it('is absent with the rest of the orders when the company has no orders plugin', async () => {
    const queries = stubApi([]);
    render(manager, []);
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Needs review' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Order a report' })).toBeNull();
    expect(queries).toHaveLength(0);
  });
});
