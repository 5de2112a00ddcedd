// The sandbox person risk assessment. The last digit of the date of birth picks the scenario
// (README has the table).
import { riskLevelOf, type PersonRiskAssessment, type RiskFinding } from '@clearlane/contract';
import { daysAgo, lastDigit, providerReference, SandboxBase } from '../sandbox-shared.ts';
import type { PersonRiskProvider, PersonRiskRequest } from './person-risk-provider.ts';

type Scenario = { score: number; identityVerified: boolean; findings: (at: Date) => RiskFinding[]; notFound?: boolean };

export const PERSON_SCENARIOS: Record<string, Scenario> = {
  '0': { score: 4, identityVerified: true, findings: () => [] },
  '1': { score: 28, identityVerified: true, findings: (at) => [{ category: 'CIVIL_JUDGMENT', severity: 'MODERATE', date: daysAgo(at, 700), description: 'Small-claims judgment, $2,450, satisfied', source: 'County civil court' }] },
  '2': { score: 58, identityVerified: true, findings: (at) => [{ category: 'CRIMINAL', severity: 'HIGH', date: daysAgo(at, 1100), description: 'Misdemeanour: driving with a suspended licence, convicted', source: 'State criminal records' }] },
  '3': { score: 86, identityVerified: true, findings: (at) => [{ category: 'CRIMINAL', severity: 'SEVERE', date: daysAgo(at, 900), description: 'Felony: vehicular assault, convicted', source: 'State criminal records' }] },
  '4': { score: 95, identityVerified: true, findings: () => [{ category: 'SANCTIONS', severity: 'SEVERE', date: null, description: 'Possible match on a government sanctions list; manual review required', source: 'OFAC SDN list' }] },
  '5': { score: 40, identityVerified: false, findings: () => [{ category: 'IDENTITY', severity: 'MODERATE', date: null, description: 'Name and date of birth could not be matched to one identity', source: 'Identity verification' }] },
  '6': { score: 0, identityVerified: false, findings: () => [], notFound: true },
  '7': { score: 33, identityVerified: true, findings: (at) => [{ category: 'BANKRUPTCY', severity: 'MODERATE', date: daysAgo(at, 1500), description: 'Chapter 7 bankruptcy, discharged', source: 'US Bankruptcy Court' }] },
};

export class SandboxPersonRiskProvider extends SandboxBase implements PersonRiskProvider {
  readonly name = 'sandbox';

  async assess(request: PersonRiskRequest): Promise<PersonRiskAssessment> {
    const digit = lastDigit(request.dateOfBirth);
    return this.answer(digit, request.idempotencyKey, 'person risk', () => buildPersonRisk(request, PERSON_SCENARIOS[digit] ?? PERSON_SCENARIOS['0']!));
  }
}

function buildPersonRisk(request: PersonRiskRequest, scenario: Scenario): PersonRiskAssessment {
  return {
    result: scenario.notFound ? 'SUBJECT_NOT_FOUND' : 'SUBJECT_FOUND',
    definitionName: request.definitionName,
    subject: { firstName: request.firstName, lastName: request.lastName, dateOfBirth: request.dateOfBirth, state: request.state },
    identityVerified: scenario.identityVerified,
    riskScore: scenario.score,
    riskLevel: riskLevelOf(scenario.score),
    findings: scenario.findings(request.requestedAt),
    reportedAt: request.requestedAt.toISOString(),
    providerReference: providerReference('IRR', request.idempotencyKey),
  };
}
