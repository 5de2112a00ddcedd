// FMCSA's QCMobile API (https://mobile.fmcsa.dot.gov/QCDevsite/docs/qcApi): a carrier's census,
// BASICs, out-of-service orders and operating authority by USDOT number, with the webKey FMCSA
// issues as a query parameter. Every answer is `{ content, retrievalDate }`; an unknown number is
// `content: null`. QCMobile publishes no rate limit but throttles (429) and goes down for
// maintenance: calls are spaced by a token bucket, 429 and 5xx are retried after a pause, and what
// still fails is a ProviderError the scoring records (the number is scored again next time).
// QCMobile has no inspection-level data, so our measure is not computed from it: FMCSA's measures
// are ranked among their peers instead (modules/scores/carrier-scoring.ts, rule 3).
import type { BasicCode } from '@clearlane/contract';
import { ProviderError } from '../provider-error.ts';
import type { AuthorityState, CarrierDataProvider, CarrierLookup, CarrierRecord, FmcsaBasic, InsuranceLine } from './carrier-data-provider.ts';

/**
 * Spaces calls: `ratePerSecond` tokens a second, at most `burst` saved up (1 by default: calls
 * evenly spaced, since QCMobile does not say how it counts). Shared by every call of the adapter.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number = 1,
    private readonly clock: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.tokens = burst;
    this.last = clock();
  }

  /** Resolves when the caller may make one call; callers are served in turn. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.takeOne());
    this.queue = turn.catch(() => {});
    return turn;
  }

  private async takeOne(): Promise<void> {
    for (;;) {
      const now = this.clock();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.sleep(Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000));
    }
  }
}

// --- QCMobile's shapes (the fields we read) ---

interface QcAnswer<T> {
  content: T | null | string;
  retrievalDate?: string;
}

interface QcCarrier {
  allowedToOperate: string | null;
  bipdInsuranceOnFile: string | null;
  bipdInsuranceRequired: string | null;
  bipdRequiredAmount: string | null;
  bondInsuranceOnFile: string | null;
  bondInsuranceRequired: string | null;
  brokerAuthorityStatus: string | null;
  cargoInsuranceOnFile: string | null;
  cargoInsuranceRequired: string | null;
  carrierOperation: { carrierOperationCode: string | null } | null;
  commonAuthorityStatus: string | null;
  contractAuthorityStatus: string | null;
  dbaName: string | null;
  dotNumber: number;
  driverInsp: number | null;
  driverOosInsp: number | null;
  driverOosRateNationalAverage: string | null;
  hazmatInsp: number | null;
  hazmatOosInsp: number | null;
  hazmatOosRateNationalAverage: string | null;
  isPassengerCarrier: string | null;
  legalName: string;
  oosDate: string | null;
  oosRateNationalAverageYear: string | null;
  safetyRating: string | null;
  safetyRatingDate: string | null;
  snapshotDate: string | null;
  totalDrivers: number | null;
  totalPowerUnits: number | null;
  vehicleInsp: number | null;
  vehicleOosInsp: number | null;
  vehicleOosRateNationalAverage: string | null;
}

interface QcBasic {
  basic: {
    basicsPercentile: string | null;
    basicsRunDate: string | null;
    basicsType: { basicsId: number; basicsShortDesc: string | null; basicsCode: string | null };
    measureValue: string | null;
    totalInspectionWithViolation: number | null;
    totalViolation: number | null;
  };
}

interface QcOos {
  oos: { oosDate: string | null; oosReason: string | null; oosReasonDescription: string | null };
}

interface QcAuthority {
  carrierAuthority: { brokerAuthorityStatus: string | null; commonAuthorityStatus: string | null; contractAuthorityStatus: string | null };
}

/** QCMobile's BASIC ids (basicsType.basicsId), with its short names as a fallback. */
const BASIC_IDS: Record<number, BasicCode> = {
  11: 'UNSAFE_DRIVING', 12: 'HOS_COMPLIANCE', 13: 'DRIVER_FITNESS', 14: 'CONTROLLED_SUBSTANCES_ALCOHOL', 15: 'VEHICLE_MAINTENANCE', 16: 'HAZMAT_COMPLIANCE', 17: 'CRASH_INDICATOR',
};
const BASIC_NAMES: [RegExp, BasicCode][] = [
  [/unsafe/i, 'UNSAFE_DRIVING'], [/hours|hos/i, 'HOS_COMPLIANCE'], [/fitness/i, 'DRIVER_FITNESS'], [/drug|alcohol|substance/i, 'CONTROLLED_SUBSTANCES_ALCOHOL'],
  [/vehicle/i, 'VEHICLE_MAINTENANCE'], [/haz/i, 'HAZMAT_COMPLIANCE'], [/crash/i, 'CRASH_INDICATOR'],
];

const RATINGS: Record<string, CarrierRecord['safetyRating']['rating']> = { S: 'SATISFACTORY', C: 'CONDITIONAL', U: 'UNSATISFACTORY' };
const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
const numberOr = (value: string | number | null | undefined, fallback: number) => {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) ? parsed : fallback;
};
const authorityState = (value: string | null | undefined): AuthorityState => (value === 'A' ? 'ACTIVE' : value === 'I' ? 'INACTIVE' : 'NONE');

/** "18%" → 18; "Not Public", "" or null → null (property carriers' percentiles since the FAST Act). */
export function percentileOf(value: string | null): number | null {
  const match = /^\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : null;
}

function insuranceLine(required: string | null, requiredAmount: string | null, onFile: string | null): InsuranceLine {
  const isRequired = required === 'Y';
  return { required: isRequired, requiredAmount: isRequired ? numberOr(requiredAmount, 0) || null : null, onFileAmount: numberOr(onFile, 0) };
}

/** Maps QCMobile's four answers onto our record. */
export function carrierRecordOf(carrier: QcCarrier, basics: QcBasic[], oos: QcOos[], authority: QcAuthority[], retrievalDate: string): CarrierRecord {
  const granted = authority[0]?.carrierAuthority;
  const fmcsaBasics: FmcsaBasic[] = basics.flatMap(({ basic }) => {
    const type = basic.basicsType;
    const code = BASIC_IDS[type.basicsId] ?? BASIC_NAMES.find(([pattern]) => pattern.test(`${type.basicsShortDesc ?? ''} ${type.basicsCode ?? ''}`))?.[1];
    if (!code) return [];
    const measure = Number.parseFloat(basic.measureValue ?? '');
    return [{
      code, measure: Number.isFinite(measure) ? measure : null, percentile: percentileOf(basic.basicsPercentile),
      runDate: day(basic.basicsRunDate) ?? retrievalDate, inspectionsWithViolations: basic.totalInspectionWithViolation ?? 0, violations: basic.totalViolation ?? 0,
    }];
  });
  // The oos endpoint lists every order the carrier ever had; those from the carrier's current OOS date on are in force.
  const orders = carrier.oosDate
    ? oos.filter(({ oos: order }) => (order.oosDate ?? '') >= carrier.oosDate!.slice(0, 10)).map(({ oos: order }) => ({ date: day(order.oosDate)!, reason: order.oosReasonDescription ?? order.oosReason ?? 'Out-of-service order' }))
    : [];
  if (carrier.oosDate && orders.length === 0) orders.push({ date: day(carrier.oosDate)!, reason: 'Out-of-service order' });
  return {
    dotNumber: String(carrier.dotNumber),
    legalName: carrier.legalName,
    dbaName: carrier.dbaName || null,
    passengerCarrier: carrier.isPassengerCarrier === 'Y',
    hazmatCarrier: (carrier.hazmatInsp ?? 0) > 0 || carrier.carrierOperation?.carrierOperationCode === 'B',
    powerUnits: carrier.totalPowerUnits ?? 0,
    drivers: carrier.totalDrivers ?? 0,
    vehicleMilesTravelled: null,
    asOf: day(carrier.snapshotDate) ?? retrievalDate,
    inspections: null,
    crashes: null,
    fmcsaBasics,
    outOfService: {
      driver: { inspections: carrier.driverInsp ?? 0, outOfService: carrier.driverOosInsp ?? 0 },
      vehicle: { inspections: carrier.vehicleInsp ?? 0, outOfService: carrier.vehicleOosInsp ?? 0 },
      hazmat: { inspections: carrier.hazmatInsp ?? 0, outOfService: carrier.hazmatOosInsp ?? 0 },
      nationalAverages: {
        driver: numberOr(carrier.driverOosRateNationalAverage, 0), vehicle: numberOr(carrier.vehicleOosRateNationalAverage, 0),
        hazmat: numberOr(carrier.hazmatOosRateNationalAverage, 0), period: carrier.oosRateNationalAverageYear ?? 'unknown',
      },
      orders,
    },
    safetyRating: { rating: RATINGS[carrier.safetyRating ?? ''] ?? 'NOT_RATED', ratedOn: day(carrier.safetyRatingDate) },
    authority: {
      allowedToOperate: carrier.allowedToOperate === 'Y',
      common: authorityState(granted?.commonAuthorityStatus ?? carrier.commonAuthorityStatus),
      contract: authorityState(granted?.contractAuthorityStatus ?? carrier.contractAuthorityStatus),
      broker: authorityState(granted?.brokerAuthorityStatus ?? carrier.brokerAuthorityStatus),
    },
    insurance: {
      bodilyInjuryAndPropertyDamage: insuranceLine(carrier.bipdInsuranceRequired, carrier.bipdRequiredAmount, carrier.bipdInsuranceOnFile),
      cargo: insuranceLine(carrier.cargoInsuranceRequired, null, carrier.cargoInsuranceOnFile),
      bond: insuranceLine(carrier.bondInsuranceRequired, null, carrier.bondInsuranceOnFile),
    },
  };
}

export interface QcMobileOptions {
  baseUrl: string;
  webKey: string;
  ratePerSecond: number;
  timeoutMs: number;
  /** Attempts per call when QCMobile throttles (429) or fails (5xx, timeout). */
  attempts?: number;
  /** Longest pause before another attempt, whatever Retry-After says. */
  maxRetryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  bucket?: TokenBucket;
}

class NotFound {}

export class QcMobileCarrierDataProvider implements CarrierDataProvider {
  readonly name = 'qcmobile' as const;
  readonly answersQuickly = false;
  private readonly bucket: TokenBucket;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly attempts: number;
  private readonly maxRetryDelayMs: number;
  private readonly base: string;

  constructor(private readonly options: QcMobileOptions) {
    this.bucket = options.bucket ?? new TokenBucket(options.ratePerSecond);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.attempts = options.attempts ?? 3;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  }

  async lookup(dotNumber: string): Promise<CarrierLookup> {
    const number = String(Number(dotNumber)); // QCMobile's numbers have no leading zeros
    const carrier = await this.get<{ carrier: QcCarrier }>(`carriers/${number}`);
    if (carrier instanceof NotFound || !carrier.content || typeof carrier.content === 'string' || !carrier.content.carrier) {
      return { kind: 'NOT_FOUND', message: `FMCSA has no carrier with USDOT number ${dotNumber}.` };
    }
    const list = async <T>(path: string): Promise<T[]> => {
      const answer = await this.get<T[]>(`carriers/${number}/${path}`);
      return answer instanceof NotFound || !Array.isArray(answer.content) ? [] : answer.content;
    };
    const [basics, oos, authority] = await Promise.all([list<QcBasic>('basics'), list<QcOos>('oos'), list<QcAuthority>('authority')]);
    const retrievalDate = day(carrier.retrievalDate) ?? new Date().toISOString().slice(0, 10);
    return { kind: 'FOUND', record: carrierRecordOf(carrier.content.carrier, basics, oos, authority, retrievalDate) };
  }

  /** One call, spaced by the bucket, retried on 429/5xx/timeouts; errors mapped to ProviderError. */
  private async get<T>(path: string): Promise<QcAnswer<T> | NotFound> {
    const url = new URL(path, this.base);
    url.searchParams.set('webKey', this.options.webKey);
    let lastError: ProviderError | undefined;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      await this.bucket.take();
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.timeoutMs) });
      } catch (error) {
        lastError = new ProviderError(`FMCSA QCMobile did not answer (${(error as Error).name === 'TimeoutError' ? 'timed out' : 'network error'}).`, true, 'UNAVAILABLE');
        await this.pause(attempt, null);
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        lastError = response.status === 429
          ? new ProviderError('FMCSA QCMobile is throttling our calls (429); the number is scored again later.', true, 'RATE_LIMITED')
          : new ProviderError(`FMCSA QCMobile failed (${response.status}).`, true, 'UPSTREAM_ERROR');
        await this.pause(attempt, response.headers.get('retry-after'));
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new ProviderError('FMCSA QCMobile refused the webKey (FMCSA_WEB_KEY): check the setting.', false, 'WEBKEY_REFUSED');
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return new NotFound();
      }
      const text = await response.text();
      try {
        const body = JSON.parse(text) as QcAnswer<T>;
        if (!response.ok) throw new ProviderError(`FMCSA QCMobile refused the call (${response.status}).`, false, 'REFUSED');
        return body;
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        // QCMobile answers an HTML page during maintenance.
        lastError = new ProviderError('FMCSA QCMobile is down for maintenance (no JSON answer).', true, 'MAINTENANCE');
        await this.pause(attempt, null);
      }
    }
    throw lastError!;
  }

  /** Before another attempt: Retry-After (seconds) when given, else 1 s, 2 s, 4 s…, capped. */
  private async pause(attempt: number, retryAfter: string | null): Promise<void> {
    if (attempt >= this.attempts) return;
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) && seconds >= 0 && retryAfter !== null ? seconds * 1000 : 1000 * 2 ** (attempt - 1);
    await this.sleep(Math.min(ms, this.maxRetryDelayMs));
  }
}
