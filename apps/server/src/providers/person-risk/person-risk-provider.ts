import type { PersonRiskAssessment } from '@clearlane/contract';

export interface PersonRiskRequest {
  idempotencyKey: string;
  definitionName: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  state: string;
  requestedAt: Date;
}

export interface PersonRiskProvider {
  readonly name: string;
  assess(request: PersonRiskRequest): Promise<PersonRiskAssessment>;
}
