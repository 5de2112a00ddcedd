// The report preview on an order's page: a risk assessment whose subject was not found says so and
// shows no score (the provider's 0 would read as a clean "low risk").
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@clearlane/contract/orders';
import { theme } from '../../../src/app/theme.ts';
import { OrderReportPreview } from '../../../src/features/orders/components/order-report-preview.tsx';
import { configureHttp } from '../../../src/lib/http.ts';

const ORDER_ID = '01a2075e-609a-79d9-a24e-c20369a7415d';

const order = (type: OrderDetail['type']) => ({ id: ORDER_ID, type, status: 'Complete', outcome: null }) as OrderDetail;

function renderPreview(detail: OrderDetail, report: unknown) {
  const fetch = async () => Response.json(report);
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  const root = createRootRoute({ component: () => <OrderReportPreview order={detail} /> });
  const router = createRouter({ routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/reports/$id' })]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const common = { definitionName: 'standard', riskScore: 0, riskLevel: 'LOW', findings: [], reportedAt: '2026-11-23T07:46:55.434Z', providerReference: 'SBX-1' };

describe('the report preview of a risk assessment', () => {
  it('shows a person who was not found as a notice, without a score', async () => {
    renderPreview(order('PERSON_RISK_ASSESSMENT'), {
      ...common, result: 'SUBJECT_NOT_FOUND', identityVerified: false, subject: { firstName: 'Nora', lastName: 'Nobody', dateOfBirth: '1990-01-02', state: 'OH' },
    });
    expect(await screen.findByText(/No records matched Nora Nobody/)).toHaveTextContent('there is no risk score');
    expect(screen.queryByText('Risk score')).toBeNull();
    expect(screen.queryByText(/low risk/i)).toBeNull();
    expect(screen.queryByText('No findings.')).toBeNull();
  });

  it('shows a business that was not found as a notice, without a score', async () => {
    renderPreview(order('BUSINESS_RISK_INFORM_REPORT'), {
      ...common, result: 'BUSINESS_NOT_FOUND', business: { name: 'Ghost Freight LLC', ein: '123456789', state: 'TX', dotNumber: null, yearsInBusiness: null },
    });
    expect(await screen.findByText(/No records matched Ghost Freight LLC/)).toBeInTheDocument();
    expect(screen.queryByText('Risk score')).toBeNull();
    expect(screen.queryByText(/low risk/i)).toBeNull();
  });

  it('shows the score of a person who was found', async () => {
    renderPreview(order('PERSON_RISK_ASSESSMENT'), {
      ...common, result: 'SUBJECT_FOUND', identityVerified: true, subject: { firstName: 'Pat', lastName: 'Found', dateOfBirth: '1990-01-02', state: 'OH' },
    });
    expect(await screen.findByText('Risk score')).toBeInTheDocument();
    expect(screen.getByText('Low risk')).toBeInTheDocument();
  });
});
