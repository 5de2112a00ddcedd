// Carrier data (issue 12): what FMCSA knows about a motor carrier, by USDOT number. The sandbox is
// the embedded default (deterministic from the number, README has the table); the QCMobile adapter
// asks FMCSA's QCMobile API. Scoring (modules/scores) turns a record into the report: it computes
// our SMS-style measures from inspections when the provider has them, and takes FMCSA's own
// figures where FMCSA publishes them.
import type { BasicCode, CarrierDataProviderName } from '@clearlane/contract';

export interface RoadsideViolation {
  basic: BasicCode;
  /** The regulation cited, e.g. "392.2-SLLS3". */
  code: string;
  description: string;
  /** SMS severity weight, 1 (least) to 10 (most severe). */
  severity: number;
  /** The violation put the driver or vehicle out of service (SMS adds 2 to its weight). */
  outOfService: boolean;
}

export interface RoadsideInspection {
  /** yyyy-mm-dd */
  date: string;
  /** The driver was inspected (levels 1, 2, 3, 6): relevant to HOS, Driver Fitness, Controlled Substances/Alcohol. */
  driverInspected: boolean;
  /** The vehicle was inspected (levels 1, 2, 5, 6): relevant to Vehicle Maintenance. */
  vehicleInspected: boolean;
  /** The vehicle carried a placardable load of hazardous materials: relevant to Hazmat Compliance. */
  hazmatInspected: boolean;
  driverOutOfService: boolean;
  vehicleOutOfService: boolean;
  hazmatOutOfService: boolean;
  violations: RoadsideViolation[];
}

export interface ReportableCrash {
  date: string;
  fatalities: number;
  injuries: number;
  towaway: boolean;
  hazmatReleased: boolean;
}

/** A BASIC as FMCSA publishes it (QCMobile /basics); percentiles of property carriers are not public. */
export interface FmcsaBasic {
  code: BasicCode;
  measure: number | null;
  percentile: number | null;
  /** yyyy-mm-dd of the SMS run. */
  runDate: string;
  inspectionsWithViolations: number;
  violations: number;
}

export type AuthorityState = 'ACTIVE' | 'INACTIVE' | 'NONE';

export interface InsuranceLine {
  required: boolean;
  requiredAmount: number | null;
  onFileAmount: number;
}

export interface CarrierRecord {
  dotNumber: string;
  legalName: string;
  dbaName: string | null;
  passengerCarrier: boolean;
  hazmatCarrier: boolean;
  powerUnits: number;
  drivers: number;
  /** Vehicle miles travelled in the last year (MCS-150), for the SMS utilisation factor; null if unknown. */
  vehicleMilesTravelled: number | null;
  /** The date of the data (yyyy-mm-dd): the provider's snapshot or retrieval date. */
  asOf: string;
  /** Inspection-level data of the last 24 months, when the provider has it (QCMobile does not). */
  inspections: RoadsideInspection[] | null;
  crashes: ReportableCrash[] | null;
  fmcsaBasics: FmcsaBasic[];
  outOfService: {
    driver: { inspections: number; outOfService: number };
    vehicle: { inspections: number; outOfService: number };
    hazmat: { inspections: number; outOfService: number };
    nationalAverages: { driver: number; vehicle: number; hazmat: number; period: string };
    orders: { date: string; reason: string }[];
  };
  safetyRating: { rating: 'SATISFACTORY' | 'CONDITIONAL' | 'UNSATISFACTORY' | 'NOT_RATED'; ratedOn: string | null };
  authority: { allowedToOperate: boolean; common: AuthorityState; contract: AuthorityState; broker: AuthorityState };
  insurance: { bodilyInjuryAndPropertyDamage: InsuranceLine; cargo: InsuranceLine; bond: InsuranceLine };
}

export type CarrierLookup = { kind: 'FOUND'; record: CarrierRecord } | { kind: 'NOT_FOUND'; message: string };

export interface CarrierDataProvider {
  readonly name: CarrierDataProviderName;
  /** Answers in milliseconds (no network, no rate limit): a few numbers can be scored within the request. */
  readonly answersQuickly: boolean;
  /** Throws ProviderError when the provider failed (transient: worth asking again later). */
  lookup(dotNumber: string): Promise<CarrierLookup>;
}
