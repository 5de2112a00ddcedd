// The sandbox MVR provider: the embedded default. Its answer is a deterministic function of the
// request, chosen by the last digit of the licence number (README has the table), so anyone can
// produce every outcome on purpose. Dates are relative to the request, so "3 years ago" stays true.
import { DEFAULT_TEXAS_RECORD_TYPE, type MvrAccident, type MvrDmvAction, type MvrLicence, type MvrRecord, type MvrViolation } from '@clearlane/contract';
import { daysAgo, lastDigit, providerReference, SandboxBase } from '../sandbox-shared.ts';
import type { MvrProvider, MvrRequest } from './mvr-provider.ts';

export type SandboxScenario =
  | 'CLEAN' | 'MINOR_VIOLATION' | 'MULTIPLE_MOVING_VIOLATIONS' | 'MAJOR_VIOLATION' | 'SUSPENDED_LICENCE'
  | 'EXPIRED_LICENCE' | 'NO_RECORD_FOUND' | 'STATE_NOT_FULFILLED' | 'PROVIDER_ERROR' | 'SLOW_ANSWER';

/** Last digit of the licence number → scenario. README documents this table. */
export const SANDBOX_SCENARIOS: Record<string, SandboxScenario> = {
  '0': 'CLEAN',
  '1': 'MINOR_VIOLATION',
  '2': 'MULTIPLE_MOVING_VIOLATIONS',
  '3': 'MAJOR_VIOLATION',
  '4': 'SUSPENDED_LICENCE',
  '5': 'EXPIRED_LICENCE',
  '6': 'NO_RECORD_FOUND',
  '7': 'STATE_NOT_FULFILLED',
  '8': 'PROVIDER_ERROR',
  '9': 'SLOW_ANSWER',
};

export function scenarioFor(licenceNumber: string): SandboxScenario {
  return SANDBOX_SCENARIOS[lastDigit(licenceNumber)] ?? 'CLEAN';
}

const ago = daysAgo;
const ahead = (from: Date, days: number) => daysAgo(from, -days);

function violation(at: Date, daysAgo: number, code: string, description: string, category: MvrViolation['category'], points: number): MvrViolation {
  return { date: ago(at, daysAgo), convictionDate: ago(at, daysAgo - 45), code, description, category, points };
}

export class SandboxMvrProvider extends SandboxBase implements MvrProvider {
  readonly name = 'sandbox';

  async fetchRecord(request: MvrRequest): Promise<MvrRecord> {
    const digit = lastDigit(request.licenceNumber);
    return this.answer(digit, request.idempotencyKey, `${request.state} DMV gateway`, () => buildRecord(scenarioFor(request.licenceNumber), request));
  }
}

export function buildRecord(scenario: SandboxScenario, request: MvrRequest): MvrRecord {
  const at = request.requestedAt;
  const base = {
    subject: { firstName: request.firstName, lastName: request.lastName, dateOfBirth: request.dateOfBirth },
    reportedAt: at.toISOString(),
    providerReference: providerReference(request.state, request.idempotencyKey),
    ...(request.state === 'TX' ? { texasRecordType: request.texasRecordType ?? DEFAULT_TEXAS_RECORD_TYPE } : {}),
  };
  if (scenario === 'NO_RECORD_FOUND') {
    return { ...base, result: 'NO_RECORD_FOUND', licence: null, violations: [], accidents: [], dmvActions: [] };
  }
  if (scenario === 'STATE_NOT_FULFILLED') {
    return {
      ...base, result: 'STATE_NOT_FULFILLED', reason: `${request.state} records are temporarily unavailable from the state.`,
      licence: null, violations: [], accidents: [], dmvActions: [],
    };
  }

  const licence: MvrLicence = {
    number: request.licenceNumber,
    state: request.state,
    class: 'C',
    status: 'VALID',
    issued: ago(at, 3 * 365 + 40),
    expires: ahead(at, 2 * 365 - 40),
    endorsements: [],
    restrictions: ['B - Corrective lenses'],
  };
  const violations: MvrViolation[] = [];
  const accidents: MvrAccident[] = [];
  const dmvActions: MvrDmvAction[] = [];

  switch (scenario) {
    case 'MINOR_VIOLATION':
      violations.push(violation(at, 420, 'S92', 'Speeding 6-10 mph over limit', 'MOVING', 2));
      violations.push(violation(at, 300, 'M14', 'Parking in a prohibited area', 'NON_MOVING', 0));
      break;
    case 'MULTIPLE_MOVING_VIOLATIONS':
      violations.push(violation(at, 900, 'S93', 'Speeding 11-15 mph over limit', 'MOVING', 3));
      violations.push(violation(at, 510, 'M42', 'Failure to yield right of way', 'MOVING', 3));
      violations.push(violation(at, 150, 'M24', 'Disregarding a traffic signal', 'MOVING', 3));
      accidents.push({ date: ago(at, 510), description: 'Two-vehicle collision at an intersection', atFault: true, injuries: false });
      break;
    case 'MAJOR_VIOLATION':
      violations.push(violation(at, 700, 'A21', 'Driving under the influence of alcohol', 'MAJOR', 8));
      dmvActions.push({ type: 'SUSPENSION', effectiveDate: ago(at, 640), endDate: ago(at, 460), reason: 'DUI conviction' });
      dmvActions.push({ type: 'REINSTATEMENT', effectiveDate: ago(at, 460), endDate: null, reason: 'Suspension period served' });
      break;
    case 'SUSPENDED_LICENCE':
      licence.status = 'SUSPENDED';
      violations.push(violation(at, 200, 'S95', 'Speeding 26+ mph over limit', 'MAJOR', 6));
      dmvActions.push({ type: 'SUSPENSION', effectiveDate: ago(at, 60), endDate: ahead(at, 120), reason: 'Accumulated points' });
      break;
    case 'EXPIRED_LICENCE':
      licence.status = 'EXPIRED';
      licence.expires = ago(at, 75);
      break;
    case 'SLOW_ANSWER':
      accidents.push({ date: ago(at, 800), description: 'Single-vehicle collision, no injuries', atFault: false, injuries: false });
      break;
    case 'CLEAN':
    case 'PROVIDER_ERROR':
      break;
  }
  return { ...base, result: 'RECORD_FOUND', licence, violations, accidents, dmvActions };
}
