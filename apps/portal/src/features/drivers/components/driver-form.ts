// The driver form's model, shared by "Add a driver" and "Edit driver": values as typed, checked as a
// whole by the contract's CreatePersonBodySchema (the licence check needs the state and the number
// together), turned into the API body, and the server's field problems put back next to the fields.
import type { UseFormReturnType } from '@mantine/form';
import { CreatePersonBodySchema, type CreatePersonBody, type Person } from '@clearlane/contract/persons';
import type { UsStateCode } from '@clearlane/contract/domain/driver-licence-formats';
import type { ApiError } from '../../../lib/api-error.ts';

export interface DriverValues {
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  licenceState: UsStateCode | '';
  licenceNumber: string;
  email: string;
  phone: string;
  externalId: string;
  licenceExpiresOn: string;
  medicalCertificateExpiresOn: string;
}
export type DriverField = keyof DriverValues;

export const DRIVER_LABELS: Record<DriverField, string> = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  licenceState: 'Licence state',
  licenceNumber: 'Licence number',
  email: 'Email',
  phone: 'Phone',
  externalId: 'External ID',
  licenceExpiresOn: 'Licence expiry',
  medicalCertificateExpiresOn: 'Medical certificate expiry',
};
const FIELDS = Object.keys(DRIVER_LABELS) as DriverField[];

export const EMPTY_DRIVER: DriverValues = {
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  licenceState: '',
  licenceNumber: '',
  email: '',
  phone: '',
  externalId: '',
  licenceExpiresOn: '',
  medicalCertificateExpiresOn: '',
};

export function valuesOf(person: Person): DriverValues {
  return {
    firstName: person.firstName,
    middleName: person.middleName ?? '',
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    licenceState: person.licenceState,
    licenceNumber: person.licenceNumber,
    email: person.email ?? '',
    phone: person.phone ?? '',
    externalId: person.externalId ?? '',
    licenceExpiresOn: person.licenceExpiresOn ?? '',
    medicalCertificateExpiresOn: person.medicalCertificateExpiresOn ?? '',
  };
}

/** The contract says "is required", "must be an email address": the form says "Email must be…". */
export function sentence(field: DriverField, message: string): string {
  return /^[a-z]/.test(message) ? `${DRIVER_LABELS[field]} ${message}` : message;
}

const optional = (value: string) => (value.trim() === '' ? null : value);

function candidate(values: DriverValues) {
  return {
    firstName: values.firstName,
    middleName: optional(values.middleName),
    lastName: values.lastName,
    dateOfBirth: values.dateOfBirth,
    licenceState: values.licenceState || undefined,
    licenceNumber: values.licenceNumber,
    email: optional(values.email),
    phone: optional(values.phone),
    externalId: optional(values.externalId),
    licenceExpiresOn: optional(values.licenceExpiresOn),
    medicalCertificateExpiresOn: optional(values.medicalCertificateExpiresOn),
  };
}

/** Every field's first problem, in the words of the contract (Mantine form's `validate`). */
export function validateDriver(values: DriverValues): Partial<Record<DriverField, string>> {
  const result = CreatePersonBodySchema.safeParse(candidate(values));
  const errors: Partial<Record<DriverField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DriverField | undefined;
    if (!field || !FIELDS.includes(field) || errors[field]) continue;
    errors[field] = sentence(field, issue.message);
  }
  // The contract checks the number's format only once the state is known; empty is wrong at once.
  if (values.licenceNumber.trim() === '') errors.licenceNumber = 'Licence number is required';
  if (!values.licenceState) errors.licenceState = 'Choose the state that issued the licence';
  return errors;
}

export function toDriverBody(values: DriverValues): CreatePersonBody {
  return CreatePersonBodySchema.parse(candidate(values));
}

/** Puts the server's field problems next to their fields; false when none of them is a field of the form. */
export function placeServerErrors(form: UseFormReturnType<DriverValues>, error: ApiError): boolean {
  let placed = false;
  for (const field of FIELDS) {
    const message = error.fieldMessage(field);
    if (message) {
      form.setFieldError(field, sentence(field, message));
      placed = true;
    }
  }
  return placed;
}
