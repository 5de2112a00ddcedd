// /scores/dot-quality against a stubbed API: one carrier with its alert explained, every figure with
// whose it is and its as-of date, insufficient data in words, charts with their tables; several
// compared side by side (the selection from the URL); a number not on the list says so; the CSV is
// asked for with Accept: text/csv and saved under the server's name.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DotQualityPage } from '../../../src/features/dot-scores/components/dot-quality-page.tsx';
import { carrier, renderAt, viewer } from './harness.tsx';

const REPORT = 'GET /api/v1/scores/dot/quality/report';
const DOTS = 'GET /api/v1/dots';
const SLOW = { timeout: 10_000 };

const alerting = carrier('1000002', 'SUMMIT COACH LINES LLC', [78, 22, 10, 0, 35, null, 41]);
const clean = carrier('1000010', 'SILVER CREEK CARRIERS LLC', [12, 5, 3, 0, 8, null, 20]);
const dots = { dots: [alerting, clean].map((item) => ({ dotNumber: item.dotNumber, relationship: 'WATCHED', label: null, legalName: item.legalName, addedAt: item.scoredAt, lastScoredAt: item.scoredAt, lastStatus: 'SCORED', lastError: null })) };

describe('the DOT quality page', { timeout: 30_000 }, () => {
  it('shows one carrier: the alert explained, whose every figure is, insufficient data in words, tables beside the charts', async () => {
    const { sent } = renderAt('/scores/dot-quality?dot=1000002', DotQualityPage, { [REPORT]: () => ({ carriers: [alerting] }), [DOTS]: () => dots });
    expect(await screen.findByRole('heading', { level: 1, name: 'SUMMIT COACH LINES LLC' }, SLOW)).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/v1/scores/dot/quality/report')!.search).toBe('?dotNumber=1000002');
    expect(screen.getByText("Unsafe Driving: 78th percentile ≥ threshold 50% for passenger carriers: FMCSA's intervention threshold.")).toBeInTheDocument();

    const basics = screen.getByRole('table', { name: 'BASICs of SUMMIT COACH LINES LLC (24 months)' });
    const unsafe = within(basics).getByRole('row', { name: /^Unsafe Driving/ });
    expect(unsafe).toHaveTextContent('FMCSA · Clearlane sandbox · as of Oct 30, 2026');
    expect(unsafe).toHaveTextContent('78 / 50');
    const hazmat = within(basics).getByRole('row', { name: /^Hazardous Materials Compliance/ });
    expect(hazmat).toHaveTextContent('Insufficient data: 2 relevant inspections; at least 3 are needed.');
    expect(hazmat).toHaveTextContent('— / 65');

    const oos = screen.getByRole('table', { name: /Out-of-service inspections/ });
    expect(within(oos).getByRole('row', { name: /^Driver/ })).toHaveTextContent('12.5%3 of 246.67%');
    expect(within(oos).getByRole('row', { name: /^Hazmat/ })).toHaveTextContent('no inspections');
    expect(screen.getByRole('table', { name: /Percentile per BASIC at each scoring/ })).toHaveTextContent('78 (alert)');
    expect(screen.getByText('Satisfactory (rated Oct 20, 2025)')).toBeInTheDocument();
    // A Manager edits its relationship and label from here too.
    expect(screen.getByRole('button', { name: 'Edit SUMMIT COACH LINES LLC (USDOT 1000002)' })).toBeInTheDocument();
    // Rating, authority, insurance and OOS each say whose and as of when.
    expect(screen.getAllByText('FMCSA · Clearlane sandbox · as of Nov 24, 2026')).toHaveLength(4);
    // The charts are pictures named by one sentence each.
    expect(await screen.findByRole('img', { name: /^Percentile and intervention threshold of each BASIC of SUMMIT COACH LINES LLC: Unsafe Driving 78th, threshold 50;/ }, SLOW)).toBeInTheDocument();
  });

  it('lists the BASICs one under another on a phone, each with its light and figure, instead of a table that scrolls', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: !query.includes('min-width') })) as typeof window.matchMedia;
    try {
      renderAt('/scores/dot-quality?dot=1000002', DotQualityPage, { [REPORT]: () => ({ carriers: [alerting] }), [DOTS]: () => dots });
      expect(await screen.findByRole('heading', { level: 1, name: 'SUMMIT COACH LINES LLC' }, SLOW)).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'BASICs of SUMMIT COACH LINES LLC (24 months)' })).toBeNull();
      const items = within(screen.getByRole('list', { name: 'BASICs of SUMMIT COACH LINES LLC (24 months)' })).getAllByRole('listitem');
      expect(items).toHaveLength(7);
      expect(items[0]).toHaveTextContent('Unsafe Driving');
      expect(items[0]).toHaveTextContent('Percentile / threshold 78 / 50');
      expect(items[0]).toHaveTextContent('FMCSA · Clearlane sandbox · as of Oct 30, 2026');
    } finally {
      window.matchMedia = wide;
    }
  });

  it('compares several carriers side by side, chosen in the URL', async () => {
    renderAt('/scores/dot-quality?dot=1000002,1000010', DotQualityPage, { [REPORT]: () => ({ carriers: [alerting, clean] }), [DOTS]: () => dots });
    expect(await screen.findByRole('heading', { level: 1, name: 'Comparing 2 carriers' }, SLOW)).toBeInTheDocument();
    const side = await screen.findByRole('table', { name: 'Side by side' }, SLOW);
    expect(within(side).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['BASIC', 'SUMMIT COACH LINES LLCUSDOT 1000002', 'SILVER CREEK CARRIERS LLCUSDOT 1000010']);
    expect(within(side).getByRole('row', { name: /^Unsafe Driving/ })).toHaveTextContent('Unsafe Driving: alert, 78th percentile');
    expect(screen.getByRole('article', { name: 'SILVER CREEK CARRIERS LLC' })).toBeInTheDocument();
  });

  it('says so when a number is not on the company\'s list', async () => {
    renderAt('/scores/dot-quality?dot=1234567', DotQualityPage, {
      [REPORT]: () => Response.json({ status: 404, code: 'NotFound', detail: "These DOT numbers are not on your company's list: 1234567." }, { status: 404 }),
      [DOTS]: () => dots,
    });
    expect(await screen.findByText("These DOT numbers are not on your company's list: 1234567.", undefined, SLOW)).toBeInTheDocument();
  });

  it('exports the carriers shown as CSV (Accept: text/csv) under the server\'s file name; a Viewer cannot rescore', async () => {
    let accept = '';
    const { sent } = renderAt('/scores/dot-quality?dot=1000002', DotQualityPage, {
      [REPORT]: (_body, _url, headers) => {
        if (headers.accept !== 'text/csv') return { carriers: [alerting] };
        accept = headers.accept;
        return new Response('\uFEFFdotNumber\r\n1000002\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="dot-quality-report.csv"' } });
      },
      [DOTS]: () => dots,
    }, { user: viewer });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await screen.findByRole('heading', { level: 1, name: 'SUMMIT COACH LINES LLC' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Rescore' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['dot-quality-report.csv blob:csv']));
    expect(accept).toBe('text/csv');
    expect(sent.filter((request) => request.path.endsWith('/report')).map((request) => request.search)).toEqual(['?dotNumber=1000002', '?dotNumber=1000002']);
    Reflect.deleteProperty(URL, 'createObjectURL');
  });
});
