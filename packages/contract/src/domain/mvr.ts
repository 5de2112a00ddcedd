// The motor vehicle record as our providers return it and the portal shows it.
import type { UsStateCode } from './driver-licence-formats.ts';

export const LICENCE_STATUSES = ['VALID', 'SUSPENDED', 'REVOKED', 'EXPIRED', 'CANCELLED'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** How a violation weighs in adjudication: major (DUI, reckless, leaving the scene), moving, or non-moving. */
export const VIOLATION_CATEGORIES = ['MAJOR', 'MOVING', 'NON_MOVING', 'ACCIDENT'] as const;
export type ViolationCategory = (typeof VIOLATION_CATEGORIES)[number];

/** Texas returns different record types; the order says which one (SPEC.md §3 "TX is a special subset"). */
export const TEXAS_RECORD_TYPES = ['TYPE_1_STATUS', 'TYPE_2_THREE_YEAR', 'TYPE_3_CERTIFIED_THREE_YEAR', 'TYPE_AR_CERTIFIED_ALL'] as const;
export type TexasRecordType = (typeof TEXAS_RECORD_TYPES)[number];
/** The record type of a Texas MVR order that names none: the 3-year Type 2 record. */
export const DEFAULT_TEXAS_RECORD_TYPE: TexasRecordType = 'TYPE_2_THREE_YEAR';

export interface MvrViolation {
  date: string; // ISO date
  convictionDate: string | null;
  code: string; // ACD code
  description: string;
  category: ViolationCategory;
  points: number;
}

export interface MvrAccident {
  date: string;
  description: string;
  atFault: boolean | null;
  injuries: boolean;
}

export interface MvrDmvAction {
  type: 'SUSPENSION' | 'REVOCATION' | 'REINSTATEMENT' | 'CANCELLATION';
  effectiveDate: string;
  endDate: string | null;
  reason: string;
}

export interface MvrLicence {
  number: string;
  state: UsStateCode;
  class: string;
  status: LicenceStatus;
  issued: string;
  expires: string;
  endorsements: string[];
  restrictions: string[];
}

export type MvrSearchResult = 'RECORD_FOUND' | 'NO_RECORD_FOUND' | 'STATE_NOT_FULFILLED';

export interface MvrRecord {
  result: MvrSearchResult;
  /** Why a state did not fulfil the request, when it did not. */
  reason?: string;
  subject: { firstName: string; lastName: string; dateOfBirth: string };
  licence: MvrLicence | null;
  violations: MvrViolation[];
  accidents: MvrAccident[];
  dmvActions: MvrDmvAction[];
  texasRecordType?: TexasRecordType;
  /** When the provider produced the record. */
  reportedAt: string;
  providerReference: string;
}

/**
 * The one order of an MVR's entries on every page, document and mail (issue 13): newest first.
 * Violations by date, then conviction date (a later conviction first, an unconvicted one last of
 * its day), then code, so two reports of the same record list it identically. Accidents by date and
 * DMV actions by effective date, the same way. Returns new arrays; the record is left as it is.
 */
export function violationsNewestFirst<T extends Pick<MvrViolation, 'date' | 'convictionDate' | 'code'>>(violations: readonly T[]): T[] {
  return [...violations].sort((a, b) => b.date.localeCompare(a.date) || (b.convictionDate ?? '').localeCompare(a.convictionDate ?? '') || a.code.localeCompare(b.code));
}

export function accidentsNewestFirst<T extends Pick<MvrAccident, 'date'>>(accidents: readonly T[]): T[] {
  return [...accidents].sort((a, b) => b.date.localeCompare(a.date));
}

export function dmvActionsNewestFirst<T extends Pick<MvrDmvAction, 'effectiveDate'>>(actions: readonly T[]): T[] {
  return [...actions].sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate));
}

/** The record's violations, accidents and DMV actions newest first (see violationsNewestFirst). */
export function mvrRecordNewestFirst<T extends Pick<MvrRecord, 'violations' | 'accidents' | 'dmvActions'>>(record: T): T {
  return { ...record, violations: violationsNewestFirst(record.violations), accidents: accidentsNewestFirst(record.accidents), dmvActions: dmvActionsNewestFirst(record.dmvActions) };
}
