// The business form's model: values as typed, checked by the contract's CreateBusinessBodySchema,
// turned into the API body, and the server's field problems put back next to the fields.
import type { UseFormReturnType } from '@mantine/form';
import { CreateBusinessBodySchema, type CreateBusinessBody } from '@clearlane/contract/businesses';
import type { UsStateCode } from '@clearlane/contract/domain/driver-licence-formats';
import type { ApiError } from '../../../lib/api-error.ts';

export interface BusinessValues {
  name: string;
  ein: string;
  dotNumber: string;
  state: UsStateCode | '';
  addressLine: string;
  city: string;
  postalCode: string;
  phone: string;
}
export type BusinessField = keyof BusinessValues;

export const BUSINESS_LABELS: Record<BusinessField, string> = {
  name: 'Name',
  ein: 'EIN',
  dotNumber: 'USDOT number',
  state: 'State',
  addressLine: 'Address',
  city: 'City',
  postalCode: 'ZIP code',
  phone: 'Phone',
};
const FIELDS = Object.keys(BUSINESS_LABELS) as BusinessField[];

export const EMPTY_BUSINESS: BusinessValues = { name: '', ein: '', dotNumber: '', state: '', addressLine: '', city: '', postalCode: '', phone: '' };

/** The contract says "is required", "must be …": the form says "Name is required". */
export function sentence(field: BusinessField, message: string): string {
  return /^[a-z]/.test(message) ? `${BUSINESS_LABELS[field]} ${message}` : message;
}

const optional = (value: string) => (value.trim() === '' ? null : value);

function candidate(values: BusinessValues) {
  return {
    name: values.name,
    ein: values.ein,
    dotNumber: optional(values.dotNumber),
    state: values.state || undefined,
    addressLine: optional(values.addressLine),
    city: optional(values.city),
    postalCode: optional(values.postalCode),
    phone: optional(values.phone),
  };
}

/** Every field's first problem, in the words of the contract (Mantine form's `validate`). */
export function validateBusiness(values: BusinessValues): Partial<Record<BusinessField, string>> {
  const result = CreateBusinessBodySchema.safeParse(candidate(values));
  const errors: Partial<Record<BusinessField, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as BusinessField | undefined;
      if (!field || !FIELDS.includes(field) || errors[field]) continue;
      errors[field] = sentence(field, issue.message);
    }
  }
  // Empty is "required", not the format ("An EIN has 9 digits") the contract says of any bad EIN.
  if (values.ein.trim() === '') errors.ein = 'EIN is required';
  if (!values.state) errors.state = 'Choose the state the business is registered in';
  return errors;
}

export function toBusinessBody(values: BusinessValues): CreateBusinessBody {
  return CreateBusinessBodySchema.parse(candidate(values));
}

/** Puts the server's field problems next to their fields; false when none of them is a field of the form. */
export function placeServerErrors(form: UseFormReturnType<BusinessValues>, error: ApiError): boolean {
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
