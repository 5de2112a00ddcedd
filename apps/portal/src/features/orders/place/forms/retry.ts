// "Place the order again": an order's input as it was submitted (GET /orders/{id}/input) and its
// tags, turned back into the values of the form that places that kind of order. The input is the
// server's stored JSON, so every value is checked before it is used: one that no longer fits the
// form (an unknown state, purpose or record type) is left empty for the user to choose again.
import { DEFAULT_RULESET } from '@clearlane/contract/domain/adjudication';
import { TEXAS_RECORD_TYPES, type TexasRecordType } from '@clearlane/contract/domain/mvr';
import { DPPA_PERMISSIBLE_PURPOSES, type OrderType, type PermissiblePurpose } from '@clearlane/contract/orders';
import { DEFAULT_TEXAS_RECORD_TYPE, EMPTY_MVR_ORDER, MVR_LABELS, validateMvrOrder, type MvrOrderValues } from './mvr-order-form.ts';
import { EMPTY_BUSINESS_RISK, EMPTY_PERSON_RISK, type BusinessRiskValues, type PersonRiskValues } from './risk-order-forms.ts';
import { DEFAULT_RISK_DEFINITION, isStateCode } from './shared.ts';
import type { VinOrderValues } from './vin-order-form.ts';

/** The order placed again: what was submitted, and what the order page knows of it. */
export interface RetriedOrder {
  id: string;
  type: OrderType;
  subjectLabel: string;
  input: Record<string, unknown>;
  tags: string[];
  riskAssessmentDefinitionName: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const recordOf = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const stateOf = (value: unknown) => {
  const state = text(value);
  return isStateCode(state) ? state : '';
};
const isPurpose = (value: string): value is PermissiblePurpose => Object.hasOwn(DPPA_PERMISSIBLE_PURPOSES, value);
const isTexasRecordType = (value: string): value is TexasRecordType => (TEXAS_RECORD_TYPES as readonly string[]).includes(value);

export function mvrValuesOf(order: RetriedOrder): MvrOrderValues {
  const { input } = order;
  const driver = recordOf(input.driver);
  const personId = text(input.personId);
  const purpose = text(input.permissiblePurpose);
  const texasRecordType = text(input.texasRecordType);
  const isAutoAdjudicated = order.type === 'MVR_WITH_ADJUDICATION';
  return {
    ...EMPTY_MVR_ORDER,
    // A saved driver is picked again; the typed-in details are kept as well, so switching to
    // "Type in a new driver" (say the driver was deleted since) still finds them filled in.
    driverSource: personId ? 'existing' : 'new',
    personId,
    firstName: text(driver.firstName),
    middleName: text(driver.middleName),
    lastName: text(driver.lastName),
    dateOfBirth: text(driver.dateOfBirth),
    licenceState: stateOf(driver.licenceState),
    licenceNumber: text(driver.licenceNumber),
    permissiblePurpose: isPurpose(purpose) ? purpose : '',
    texasRecordType: isTexasRecordType(texasRecordType) ? texasRecordType : DEFAULT_TEXAS_RECORD_TYPE,
    mvrExternalReferenceId: text(input.mvrExternalReferenceId),
    tags: [...order.tags],
    isAutoAdjudicated,
    ruleNamespace: text(input.ruleNamespace) || DEFAULT_RULESET.namespace,
  };
}

/**
 * What the MVR form says about a retried order beyond "check it": an order without a saved driver
 * (a bulk sheet's row carries the driver inline) is filled in as a typed-in driver, and any field
 * the input could not fill is named, so the user knows what is left to do.
 */
export function mvrRetryAdvice(order: RetriedOrder, values: MvrOrderValues = mvrValuesOf(order)): string {
  const missing = Object.keys(validateMvrOrder(values))
    .filter((field): field is keyof typeof MVR_LABELS => field in MVR_LABELS)
    .map((field) => MVR_LABELS[field]);
  const driver =
    values.driverSource === 'new'
      ? 'The driver was not one of your company’s saved drivers (a bulk upload row carries the driver’s details itself), so the details are filled in under “Type in a new driver”; the new order is a single order, not part of the upload’s group.'
      : 'The same driver is chosen.';
  const todo = missing.length > 0 ? `Still to do: fill in ${missing.join(', ')}, then place the order.` : 'Check the details, then place the order.';
  return `${driver} ${todo}`;
}

export const vinValuesOf = (order: RetriedOrder): VinOrderValues => ({ vin: text(order.input.vin), tags: [...order.tags] });

const definitionOf = (order: RetriedOrder) => text(order.input.riskAssessmentDefinitionName) || order.riskAssessmentDefinitionName || DEFAULT_RISK_DEFINITION;

export function personRiskValuesOf(order: RetriedOrder): PersonRiskValues {
  const person = recordOf(order.input.person);
  const personId = text(order.input.personId);
  return {
    ...EMPTY_PERSON_RISK,
    personSource: personId ? 'existing' : 'new',
    personId,
    firstName: text(person.firstName),
    lastName: text(person.lastName),
    dateOfBirth: text(person.dateOfBirth),
    state: stateOf(person.state),
    definitionName: definitionOf(order),
    tags: [...order.tags],
  };
}

export const businessRiskValuesOf = (order: RetriedOrder): BusinessRiskValues => ({
  ...EMPTY_BUSINESS_RISK,
  businessId: text(order.input.businessId),
  definitionName: definitionOf(order),
  tags: [...order.tags],
});
