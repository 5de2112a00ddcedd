// The MVR order form's model: values as typed, checked with the contract's schemas (the typed-in
// driver by CreatePersonBodySchema, so the licence number is judged against its state's format),
// and turned into POST /orders/create-mvr-order's body and query.
import { DEFAULT_RULESET } from '@clearlane/contract/domain/adjudication';
import type { UsStateCode } from '@clearlane/contract/domain/driver-licence-formats';
import { DEFAULT_TEXAS_RECORD_TYPE, TEXAS_RECORD_TYPES, type TexasRecordType } from '@clearlane/contract/domain/mvr';
import { TEXAS_STATE_CODE } from '@clearlane/contract/enums';
import {
  CreateMvrOrderBodySchema, InlineDriverSchema, RuleNamespaceSchema, type PermissiblePurpose,
} from '@clearlane/contract/orders';
import { TEXAS_RECORD_TYPE_LABELS } from '../../../../lib/order-labels.ts';
import type { MvrOrderRequest } from '../../../../lib/entities/orders/place-orders.ts';
import { sentence, tagsProblem } from './shared.ts';

export type DriverSource = 'existing' | 'new';

export interface MvrOrderValues {
  driverSource: DriverSource;
  personId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  licenceState: UsStateCode | '';
  licenceNumber: string;
  permissiblePurpose: PermissiblePurpose | '';
  texasRecordType: TexasRecordType;
  mvrExternalReferenceId: string;
  tags: string[];
  isAutoAdjudicated: boolean;
  ruleNamespace: string;
}
export type MvrOrderField = keyof MvrOrderValues;

export const MVR_LABELS: Record<Exclude<MvrOrderField, 'driverSource'>, string> = {
  personId: 'Driver',
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  licenceState: 'Licence state',
  licenceNumber: 'Licence number',
  permissiblePurpose: 'Permissible purpose',
  texasRecordType: 'Texas record type',
  mvrExternalReferenceId: 'Your reference',
  tags: 'Tags',
  isAutoAdjudicated: 'Adjudicate automatically',
  ruleNamespace: 'Ruleset',
};

const DRIVER_FIELDS = ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'licenceState', 'licenceNumber'] as const;

/** The API defaults to Type 2 for Texas (the labels are lib/order-labels.ts's). */
export { DEFAULT_TEXAS_RECORD_TYPE };
export const TEXAS_RECORD_TYPE_OPTIONS = TEXAS_RECORD_TYPES.map((value) => ({ value, label: TEXAS_RECORD_TYPE_LABELS[value] }));

/** "(b)(3) Normal course of business: …", in the order of the statute. */
export { PERMISSIBLE_PURPOSE_OPTIONS } from '../../../../lib/permissible-purposes.ts';

export const EMPTY_MVR_ORDER: MvrOrderValues = {
  driverSource: 'existing',
  personId: '',
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  licenceState: '',
  licenceNumber: '',
  permissiblePurpose: '',
  texasRecordType: DEFAULT_TEXAS_RECORD_TYPE,
  mvrExternalReferenceId: '',
  tags: [],
  isAutoAdjudicated: true,
  ruleNamespace: DEFAULT_RULESET.namespace,
};

/**
 * The state of the licence the order is for: the typed-in one, or the picked driver's (which the
 * page knows from the driver it loaded). Empty while unknown.
 */
export function orderedLicenceState(values: MvrOrderValues, pickedDriverState: UsStateCode | undefined): UsStateCode | '' {
  return values.driverSource === 'new' ? values.licenceState : (values.personId && pickedDriverState) || '';
}

/** The Texas record type is asked for, and sent, only for a Texas licence. */
export const asksTexasRecordType = (licenceState: UsStateCode | '') => licenceState === TEXAS_STATE_CODE;

const optional = (value: string) => (value.trim() === '' ? undefined : value);

function inlineDriver(values: MvrOrderValues) {
  return {
    firstName: values.firstName,
    ...(optional(values.middleName) && { middleName: values.middleName }),
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth,
    licenceState: values.licenceState || undefined,
    licenceNumber: values.licenceNumber,
  };
}

/** Every field's first problem, in the contract's words (Mantine form's `validate`). */
export function validateMvrOrder(values: MvrOrderValues): Partial<Record<MvrOrderField, string>> {
  const errors: Partial<Record<MvrOrderField, string>> = {};
  if (values.driverSource === 'existing') {
    if (!values.personId) errors.personId = 'Choose a driver, or type in a new one';
  } else {
    const result = InlineDriverSchema.safeParse(inlineDriver(values));
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as (typeof DRIVER_FIELDS)[number] | undefined;
      if (!field || !DRIVER_FIELDS.includes(field) || errors[field]) continue;
      errors[field] = sentence(MVR_LABELS[field], issue.message);
    }
    // The format check waits for the state (InlineDriverSchema); an empty number is wrong at once.
    if (values.licenceNumber.trim() === '') errors.licenceNumber = 'Licence number is required';
    if (!values.licenceState) errors.licenceState = 'Choose the state that issued the licence';
  }
  if (!values.permissiblePurpose) errors.permissiblePurpose = 'Choose the permissible purpose of this order';
  if (values.mvrExternalReferenceId.trim().length > 64) errors.mvrExternalReferenceId = 'Your reference must be at most 64 characters';
  const tags = tagsProblem(values.tags);
  if (tags) errors.tags = tags;
  if (values.isAutoAdjudicated) {
    const namespace = RuleNamespaceSchema.safeParse(values.ruleNamespace);
    if (!namespace.success) errors.ruleNamespace = sentence('The ruleset name', namespace.error.issues[0]?.message ?? 'is not valid');
  }
  return errors;
}

/** The API call of valid values. Throws (zod) on values validateMvrOrder refuses. */
export function toMvrOrderRequest(values: MvrOrderValues, pickedDriverState: UsStateCode | undefined): MvrOrderRequest {
  const licenceState = orderedLicenceState(values, pickedDriverState);
  // Fields left out are absent, not undefined: the body says only what the user chose.
  const body = CreateMvrOrderBodySchema.parse({
    ...(values.driverSource === 'existing' ? { personId: values.personId } : { driver: inlineDriver(values) }),
    permissiblePurpose: values.permissiblePurpose,
    ...(asksTexasRecordType(licenceState) && { texasRecordType: values.texasRecordType }),
    ...(optional(values.mvrExternalReferenceId) && { mvrExternalReferenceId: values.mvrExternalReferenceId }),
    ...(values.tags.length > 0 && { tags: values.tags }),
  });
  return values.isAutoAdjudicated
    ? { body, isAutoAdjudicated: true, ruleNamespace: values.ruleNamespace.trim() }
    : { body, isAutoAdjudicated: false };
}
