import type { BusinessRiskAssessment } from '@clearlane/contract';

export interface BusinessRiskRequest {
  idempotencyKey: string;
  definitionName: string;
  name: string;
  ein: string;
  state: string;
  dotNumber: string | null;
  requestedAt: Date;
}

export interface BusinessRiskProvider {
  readonly name: string;
  assess(request: BusinessRiskRequest): Promise<BusinessRiskAssessment>;
}
