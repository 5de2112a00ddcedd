// What a list row says about a finished vehicle or risk report, where an MVR shows its outcome:
// the risk level the provider gave (risk assessments only) and the one finding a reader should
// see first. Worked out from the stored report whenever a list is read, so every order, old or
// new, shows it and there is no second copy of the report to keep in step.
import type { BusinessRiskAssessment, PersonRiskAssessment, RiskFinding, RiskLevel, TitleBrand, VehicleReport } from './risk-reports.ts';
import { RISK_LEVELS } from './risk-reports.ts';

export interface OrderResultSummary {
  /** The provider's risk level; null for a vehicle report (it has none) or a subject not found. */
  riskLevel: RiskLevel | null;
  /** One short line: the most severe finding, or what the report found when it found nothing. */
  keyFinding: string;
}

/** The order types whose lists show a summary (an MVR shows its outcome instead). */
export const SUMMARIZED_ORDER_TYPES = ['VIN_REPORT', 'PERSON_RISK_ASSESSMENT', 'BUSINESS_RISK_INFORM_REPORT'] as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The most severe finding; among equals, the one the provider listed first. A plain loop: a list summarizes every row it reads. */
function worstFinding(findings: readonly RiskFinding[]): RiskFinding | undefined {
  let worst: RiskFinding | undefined;
  let worstRank = -1;
  for (const finding of findings) {
    const rank = RISK_LEVELS.indexOf(finding.severity);
    if (worst === undefined || rank > worstRank) {
      worst = finding;
      worstRank = rank;
    }
  }
  return worst;
}

function riskSummary(report: PersonRiskAssessment | BusinessRiskAssessment, notFound: string): OrderResultSummary {
  if (report.result === 'SUBJECT_NOT_FOUND' || report.result === 'BUSINESS_NOT_FOUND') return { riskLevel: null, keyFinding: notFound };
  const worst = worstFinding(report.findings ?? []);
  if (!worst) return { riskLevel: report.riskLevel, keyFinding: 'No findings' };
  const others = report.findings.length - 1;
  return { riskLevel: report.riskLevel, keyFinding: others > 0 ? `${worst.description} (+${plural(others, 'more finding')})` : worst.description };
}

// A branded title outweighs everything but theft; the worst brand first.
const BRAND_ORDER: readonly TitleBrand[] = ['JUNK', 'SALVAGE', 'FLOOD', 'REBUILT', 'LEMON'];
const BRAND_WORDS: Record<TitleBrand, string> = { CLEAN: 'Clean', SALVAGE: 'Salvage', REBUILT: 'Rebuilt', FLOOD: 'Flood', JUNK: 'Junk', LEMON: 'Lemon' };

function vehicleSummary(report: VehicleReport): OrderResultSummary {
  if (report.result === 'NO_RECORDS_FOUND') return { riskLevel: null, keyFinding: 'No records found' };
  const brands = new Set(report.titles.map((title) => title.brand));
  const worstBrand = BRAND_ORDER.find((brand) => brands.has(brand));
  const openRecalls = report.recalls.filter((recall) => !recall.remedied).length;
  const keyFinding = report.theftRecord
    ? 'Reported stolen'
    : worstBrand
      ? `${BRAND_WORDS[worstBrand]} title`
      : report.odometerRollbackSuspected
        ? 'Odometer rollback suspected'
        : report.accidents.length > 0
          ? plural(report.accidents.length, 'accident')
          : openRecalls > 0
            ? plural(openRecalls, 'open recall')
            : 'Clean title, no accidents';
  return { riskLevel: null, keyFinding };
}

/** The summary of a completed order's report; null for an MVR or an order without a report. */
export function summarizeOrderResult(type: string, result: unknown): OrderResultSummary | null {
  if (result === null || typeof result !== 'object') return null;
  switch (type) {
    case 'VIN_REPORT':
      return vehicleSummary(result as VehicleReport);
    case 'PERSON_RISK_ASSESSMENT':
      return riskSummary(result as PersonRiskAssessment, 'Subject not found');
    case 'BUSINESS_RISK_INFORM_REPORT':
      return riskSummary(result as BusinessRiskAssessment, 'Business not found');
    default:
      return null;
  }
}
