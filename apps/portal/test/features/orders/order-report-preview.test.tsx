// The report preview on an order's page: a risk assessment whose subject was not found says so and
// shows no score (the provider's 0 would read as a clean "low risk").
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@clearlane/contract/orders';
import { OrderReportPreview } from '../../../src/features/orders/components/order-report-preview.tsx';
import { configureHttp } from '../../../src/lib/http.ts';
import { renderRouter } from '../../render.tsx';

const ORDER_ID = '01a2075e-609a-79d9-a24e-c20369a7415d';

const order = (type: OrderDetail['type']) => ({ id: ORDER_ID, type, status: 'Complete', outcome: null }) as OrderDetail;

const pdfBytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);

function renderPreview(detail: OrderDetail, report: unknown, requests: { url: string; accept: string | undefined }[] = []) {
  // The report's JSON, or its PDF when asked for it (the same path, another Accept).
  const fetch = async (url: string, init?: RequestInit) => {
    const accept = (init?.headers as Record<string, string> | undefined)?.accept;
    requests.push({ url, accept });
    return accept === 'application/pdf'
      ? new Response(pdfBytes, { headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="vehicle-report-${ORDER_ID}.pdf"` } })
      : Response.json(report);
  };
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  const root = createRootRoute({ component: () => <OrderReportPreview order={detail} /> });
  const router = createRouter({ routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/reports/$id' })]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderRouter(router);
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

describe('the report preview\'s document', () => {
  it('offers the vehicle report as a PDF and downloads it with Accept: application/pdf under the server\'s name', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const requests: { url: string; accept: string | undefined }[] = [];
    renderPreview(order('VIN_REPORT'), {
      result: 'NO_RECORDS_FOUND', vin: '1HGCM82633A004352', titles: [], odometer: [], odometerRollbackSuspected: false, accidents: [], recalls: [], theftRecord: false,
      vehicle: { modelYear: 2003, make: 'Honda', model: 'Accord', bodyType: 'Sedan', vehicleType: 'Passenger', region: 'United States' }, reportedAt: '2026-11-23T07:46:55.434Z', providerReference: 'SBX-1',
    }, requests);
    const button = await screen.findByRole('button', { name: 'Download PDF' });
    expect(button).toHaveAttribute('title', 'Vehicle history report (PDF)');
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual([`vehicle-report-${ORDER_ID}.pdf`]));
    expect(requests.at(-1)).toEqual({ url: `/api/v1/orders/${ORDER_ID}/vehicle/report`, accept: 'application/pdf' });
  });

  it('offers an MVR\'s violation report beside its MVR documents', async () => {
    renderPreview({ ...order('MVR'), outcome: 'NoResults' } as OrderDetail, {});
    expect(await screen.findByRole('button', { name: 'Violation report' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });
});
