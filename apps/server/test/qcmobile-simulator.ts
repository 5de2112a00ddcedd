// A simulator of FMCSA's QCMobile API on loopback, for the QCMobile adapter's tests
// (providers/carrier-data/qcmobile-carrier-data-provider.ts). It follows the published shapes
// (https://mobile.fmcsa.dot.gov/QCDevsite/docs/qcApi): `GET /qc/services/carriers/{dotNumber}`,
// `…/basics`, `…/oos`, `…/authority`, each with `?webKey=`; every answer is
// `{ content, retrievalDate }` (content null for an unknown number); a bad webKey is answered
// `{ content: "Webkey not found" }`. Like the real service it throttles: more than `ratePerSecond`
// calls in a second are answered 429 with Retry-After. Outages (5xx) and maintenance (an HTML
// page) can be switched on for the next calls.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface SimulatedCarrier {
  carrier: Record<string, unknown>;
  basics: Record<string, unknown>[];
  oos: Record<string, unknown>[];
  authority: Record<string, unknown>[];
}

export interface QcMobileSimulator {
  /** The base URL, as FMCSA_QCMOBILE_URL: http://127.0.0.1:port/qc/services/ */
  url: string;
  webKey: string;
  carriers: Map<string, SimulatedCarrier>;
  /** Paths asked, in order (without the webKey). */
  calls: { path: string; at: number; status: number }[];
  /** Answers the next `count` calls with this status (500, 503), then answers again. */
  failNext(count: number, status?: number): void;
  /** Answers the next `count` calls with an HTML maintenance page. */
  maintenanceNext(count: number): void;
  close(): Promise<void>;
}

const RETRIEVAL_DATE = '2026-11-20T06:33:31.490+0000';
const LINKS = { self: { href: 'https://mobile.fmcsa.dot.gov/qc' } };
const CARRIER_PATH = /^\/qc\/services\/carriers\/(\d+)(?:\/(basics|oos|authority))?\/?$/;

/** A carrier in QCMobile's shape (fields as the API answers them), overridable per test. */
export function qcCarrier(dotNumber: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    allowedToOperate: 'Y', bipdInsuranceOnFile: '1000', bipdInsuranceRequired: 'Y', bipdRequiredAmount: '750', bondInsuranceOnFile: '0', bondInsuranceRequired: 'u',
    brokerAuthorityStatus: 'N', cargoInsuranceOnFile: '0', cargoInsuranceRequired: 'u', carrierOperation: { carrierOperationCode: 'A', carrierOperationDesc: 'Interstate' },
    censusTypeId: { censusType: 'C', censusTypeDesc: 'CARRIER', censusTypeId: 1 }, commonAuthorityStatus: 'A', contractAuthorityStatus: 'A', crashTotal: 15, dbaName: null,
    dotNumber, driverInsp: 259, driverOosInsp: 3, driverOosRate: 1.158, driverOosRateNationalAverage: '5.51', ein: 391474414, fatalCrash: 0, hazmatInsp: 0, hazmatOosInsp: 0,
    hazmatOosRate: 0, hazmatOosRateNationalAverage: '4.5', injCrash: 3, isPassengerCarrier: 'N', issScore: null, legalName: 'VERIHA TRUCKING INC', mcs150Outdated: 'N',
    oosDate: null, oosRateNationalAverageYear: '2009-2010', phyCity: 'MARINETTE', phyCountry: 'US', phyState: 'WI', phyStreet: '2830 CLEVELAND AVE', phyZipcode: '54143',
    reviewDate: '1996-04-22', reviewType: 'C', safetyRating: 'S', safetyRatingDate: '1996-04-25', safetyReviewDate: '1996-04-22', safetyReviewType: 'C', snapshotDate: null,
    statusCode: 'A', totalDrivers: 213, totalPowerUnits: 213, towawayCrash: 12, vehicleInsp: 124, vehicleOosInsp: 17, vehicleOosRate: 13.71, vehicleOosRateNationalAverage: '20.72',
    ...overrides,
  };
}

/** One BASIC in QCMobile's shape; `percentile` "Not Public" is what property carriers get. */
export function qcBasic(dotNumber: number, basicsId: number, shortDesc: string, measureValue: string, percentile: string, exceeded = 'N'): Record<string, unknown> {
  return {
    basic: {
      basicsPercentile: percentile, basicsRunDate: '2026-10-31T05:00:00.000+0000',
      basicsType: { basicsCode: shortDesc, basicsCodeMcmis: null, basicsId, basicsLongDesc: null, basicsShortDesc: shortDesc },
      basicsViolationThreshold: '65', exceededFMCSAInterventionThreshold: exceeded, id: { basicsId, dotNumber }, measureValue,
      onRoadPerformanceThresholdViolationIndicator: exceeded, seriousViolationFromInvestigationPast12MonthIndicator: 'N',
      totalInspectionWithViolation: 12, totalViolation: 15,
    },
    dotNumber: null,
    _links: { self: { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dotNumber}/basics/${basicsId}` } },
  };
}

export async function startQcMobileSimulator(options: { ratePerSecond?: number } = {}): Promise<QcMobileSimulator> {
  const ratePerSecond = options.ratePerSecond ?? 5;
  const webKey = randomBytes(20).toString('hex');
  const carriers = new Map<string, SimulatedCarrier>();
  const calls: QcMobileSimulator['calls'] = [];
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let maintenance = 0;

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      calls.push({ path: url.pathname, at: performance.now(), status });
      response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const now = performance.now();
    // Throttling: the calls answered (not refused) in the last second.
    if (calls.filter((call) => call.status !== 429 && now - call.at < 1000).length >= ratePerSecond) {
      return answer(429, { content: 'Too many requests', retrievalDate: RETRIEVAL_DATE }, { 'retry-after': '1' });
    }
    if (url.searchParams.get('webKey') !== webKey) return answer(401, { content: 'Webkey not found', retrievalDate: RETRIEVAL_DATE, _links: LINKS });
    if (failures.count > 0) {
      failures.count--;
      return answer(failures.status, { content: 'Service unavailable', retrievalDate: RETRIEVAL_DATE });
    }
    if (maintenance > 0) {
      maintenance--;
      calls.push({ path: url.pathname, at: now, status: 200 });
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html><body>QCMobile is undergoing scheduled maintenance.</body></html>');
    }
    const match = CARRIER_PATH.exec(url.pathname);
    if (request.method !== 'GET' || !match) return answer(404, { content: 'Not found', retrievalDate: RETRIEVAL_DATE });
    const found = carriers.get(match[1]!);
    const part = match[2] as 'basics' | 'oos' | 'authority' | undefined;
    if (!found) return answer(200, { content: part ? [] : null, retrievalDate: RETRIEVAL_DATE });
    if (!part) {
      return answer(200, { content: { _links: { basics: { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${match[1]}/basics` } }, carrier: found.carrier }, retrievalDate: RETRIEVAL_DATE });
    }
    return answer(200, { content: found[part], retrievalDate: RETRIEVAL_DATE });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/qc/services/`,
    webKey,
    carriers,
    calls,
    failNext: (count, status = 503) => void (failures = { count, status }),
    maintenanceNext: (count) => void (maintenance = count),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
