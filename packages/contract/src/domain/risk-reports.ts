// Shapes of the vehicle, person-risk and business-risk reports our providers return.

export const TITLE_BRANDS = ['CLEAN', 'SALVAGE', 'REBUILT', 'FLOOD', 'JUNK', 'LEMON'] as const;
export type TitleBrand = (typeof TITLE_BRANDS)[number];

export interface VehicleReport {
  result: 'RECORDS_FOUND' | 'NO_RECORDS_FOUND';
  vin: string;
  vehicle: { modelYear: number; make: string; model: string; bodyType: string; vehicleType: 'Truck' | 'Trailer' | 'Passenger'; region: string };
  titles: { date: string; state: string; brand: TitleBrand }[];
  odometer: { date: string; miles: number; source: string }[];
  /** True when a later odometer reading is lower than an earlier one. */
  odometerRollbackSuspected: boolean;
  accidents: { date: string; severity: 'MINOR' | 'MODERATE' | 'SEVERE'; description: string }[];
  recalls: { campaign: string; date: string; component: string; summary: string; remedied: boolean }[];
  theftRecord: boolean;
  reportedAt: string;
  providerReference: string;
}

export const RISK_LEVELS = ['LOW', 'MODERATE', 'HIGH', 'SEVERE'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface RiskFinding {
  category: string;
  severity: RiskLevel;
  date: string | null;
  description: string;
  source: string;
}

export interface PersonRiskAssessment {
  result: 'SUBJECT_FOUND' | 'SUBJECT_NOT_FOUND';
  definitionName: string;
  subject: { firstName: string; lastName: string; dateOfBirth: string; state: string };
  identityVerified: boolean;
  /** 0 (no risk found) to 100. */
  riskScore: number;
  riskLevel: RiskLevel;
  findings: RiskFinding[];
  reportedAt: string;
  providerReference: string;
}

export interface BusinessRiskAssessment {
  result: 'BUSINESS_FOUND' | 'BUSINESS_NOT_FOUND';
  definitionName: string;
  business: { name: string; ein: string; state: string; dotNumber: string | null; yearsInBusiness: number | null };
  riskScore: number;
  riskLevel: RiskLevel;
  findings: RiskFinding[];
  reportedAt: string;
  providerReference: string;
}

export function riskLevelOf(score: number): RiskLevel {
  if (score >= 80) return 'SEVERE';
  if (score >= 55) return 'HIGH';
  if (score >= 25) return 'MODERATE';
  return 'LOW';
}
