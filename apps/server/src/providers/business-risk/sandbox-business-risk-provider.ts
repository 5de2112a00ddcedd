// The sandbox business risk (inform) report. The last digit of the EIN picks the scenario
// (README has the table).
import { riskLevelOf, type BusinessRiskAssessment, type RiskFinding } from '@clearlane/contract';
import { daysAgo, lastDigit, providerReference, SandboxBase } from '../sandbox-shared.ts';
import type { BusinessRiskProvider, BusinessRiskRequest } from './business-risk-provider.ts';

type Scenario = { score: number; years: number | null; findings: (at: Date) => RiskFinding[]; notFound?: boolean };

export const BUSINESS_SCENARIOS: Record<string, Scenario> = {
  '0': { score: 8, years: 14, findings: () => [] },
  '1': { score: 30, years: 9, findings: (at) => [{ category: 'TAX_LIEN', severity: 'MODERATE', date: daysAgo(at, 500), description: 'State tax lien, $18,200, released', source: 'Secretary of State UCC filings' }] },
  '2': { score: 60, years: 6, findings: (at) => [{ category: 'JUDGMENT', severity: 'HIGH', date: daysAgo(at, 250), description: 'Two open civil judgments totalling $142,000', source: 'County civil court' }] },
  '3': { score: 72, years: 11, findings: (at) => [{ category: 'BANKRUPTCY', severity: 'HIGH', date: daysAgo(at, 420), description: 'Chapter 11 reorganisation filed', source: 'US Bankruptcy Court' }] },
  '4': { score: 97, years: 3, findings: () => [{ category: 'SANCTIONS', severity: 'SEVERE', date: null, description: 'Entity name matches a sanctions list entry; manual review required', source: 'OFAC SDN list' }] },
  '5': { score: 64, years: 7, findings: (at) => [{ category: 'DOT_SAFETY', severity: 'HIGH', date: daysAgo(at, 90), description: 'FMCSA safety rating: Conditional; vehicle out-of-service rate 31% (national average 22%)', source: 'FMCSA SAFER' }] },
  '6': { score: 0, years: null, findings: () => [], notFound: true },
  '7': { score: 35, years: 0, findings: () => [{ category: 'BUSINESS_AGE', severity: 'MODERATE', date: null, description: 'Registered less than a year ago; limited credit history', source: 'Secretary of State' }] },
};

export class SandboxBusinessRiskProvider extends SandboxBase implements BusinessRiskProvider {
  readonly name = 'sandbox';

  async assess(request: BusinessRiskRequest): Promise<BusinessRiskAssessment> {
    const digit = lastDigit(request.ein);
    return this.answer(digit, request.idempotencyKey, 'business risk', () => buildBusinessRisk(request, BUSINESS_SCENARIOS[digit] ?? BUSINESS_SCENARIOS['0']!));
  }
}

function buildBusinessRisk(request: BusinessRiskRequest, scenario: Scenario): BusinessRiskAssessment {
  return {
    result: scenario.notFound ? 'BUSINESS_NOT_FOUND' : 'BUSINESS_FOUND',
    definitionName: request.definitionName,
    business: { name: request.name, ein: request.ein, state: request.state, dotNumber: request.dotNumber, yearsInBusiness: scenario.years },
    riskScore: scenario.score,
    riskLevel: riskLevelOf(scenario.score),
    findings: scenario.findings(request.requestedAt),
    reportedAt: request.requestedAt.toISOString(),
    providerReference: providerReference('BRA', request.idempotencyKey),
  };
}
