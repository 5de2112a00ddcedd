// The person and business risk forms' models: checked with the contract's schemas and turned into
// POST /orders/irr/order and /orders/bra/order (with the assessment definition in the query).
import type { UsStateCode } from '@clearlane/contract/domain/driver-licence-formats';
import { BraOrderBodySchema, InlinePersonSchema, IrrOrderBodySchema, type BraOrderBody, type IrrOrderBody } from '@clearlane/contract/orders';
import type { RiskOrderRequest } from '../../../../lib/entities/orders/place-orders.ts';
import type { DriverSource } from './mvr-order-form.ts';
import { DEFAULT_RISK_DEFINITION, definitionNameOf, definitionNameProblem, sentence, tagsProblem } from './shared.ts';

export interface PersonRiskValues {
  personSource: DriverSource;
  personId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  state: UsStateCode | '';
  definitionName: string;
  tags: string[];
}
export type PersonRiskField = keyof PersonRiskValues;

export const PERSON_RISK_LABELS: Record<Exclude<PersonRiskField, 'personSource'>, string> = {
  personId: 'Person',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  state: 'State',
  definitionName: 'Assessment definition',
  tags: 'Tags',
};

export const EMPTY_PERSON_RISK: PersonRiskValues = {
  personSource: 'existing',
  personId: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  state: '',
  definitionName: DEFAULT_RISK_DEFINITION,
  tags: [],
};

const PERSON_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'state'] as const;

const inlinePerson = (values: PersonRiskValues) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  dateOfBirth: values.dateOfBirth,
  state: values.state || undefined,
});

export function validatePersonRisk(values: PersonRiskValues): Partial<Record<PersonRiskField, string>> {
  const errors: Partial<Record<PersonRiskField, string>> = {};
  if (values.personSource === 'existing') {
    if (!values.personId) errors.personId = 'Choose a driver, or type in the person';
  } else {
    const result = InlinePersonSchema.safeParse(inlinePerson(values));
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as (typeof PERSON_FIELDS)[number] | undefined;
      if (!field || !PERSON_FIELDS.includes(field) || errors[field]) continue;
      errors[field] = sentence(PERSON_RISK_LABELS[field], issue.message);
    }
    if (!values.state) errors.state = 'Choose the state the person lives in';
  }
  const definition = definitionNameProblem(values.definitionName);
  if (definition) errors.definitionName = definition;
  const tags = tagsProblem(values.tags);
  if (tags) errors.tags = tags;
  return errors;
}

export function toPersonRiskRequest(values: PersonRiskValues): RiskOrderRequest<IrrOrderBody> {
  const body = IrrOrderBodySchema.parse({
    ...(values.personSource === 'existing' ? { personId: values.personId } : { person: inlinePerson(values) }),
    ...(values.tags.length > 0 && { tags: values.tags }),
  });
  return { body, riskAssessmentDefinitionName: definitionNameOf(values.definitionName) };
}

export interface BusinessRiskValues {
  businessId: string;
  definitionName: string;
  tags: string[];
}
export type BusinessRiskField = keyof BusinessRiskValues;

export const BUSINESS_RISK_LABELS: Record<BusinessRiskField, string> = {
  businessId: 'Business',
  definitionName: 'Assessment definition',
  tags: 'Tags',
};

export const EMPTY_BUSINESS_RISK: BusinessRiskValues = { businessId: '', definitionName: DEFAULT_RISK_DEFINITION, tags: [] };

export function validateBusinessRisk(values: BusinessRiskValues): Partial<Record<BusinessRiskField, string>> {
  const errors: Partial<Record<BusinessRiskField, string>> = {};
  if (!values.businessId) errors.businessId = 'Choose the business to assess';
  const definition = definitionNameProblem(values.definitionName);
  if (definition) errors.definitionName = definition;
  const tags = tagsProblem(values.tags);
  if (tags) errors.tags = tags;
  return errors;
}

export function toBusinessRiskRequest(values: BusinessRiskValues): RiskOrderRequest<BraOrderBody> {
  const body = BraOrderBodySchema.parse({ businessId: values.businessId, ...(values.tags.length > 0 && { tags: values.tags }) });
  return { body, riskAssessmentDefinitionName: definitionNameOf(values.definitionName) };
}
