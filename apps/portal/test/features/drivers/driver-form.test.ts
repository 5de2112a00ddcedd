// The driver form's model: it checks with the contract's schema as a whole (the licence number
// against the chosen state's published format), writes messages a person can act on, turns the
// values into the API body, and puts the server's field problems back on the fields.
import { describe, expect, it, vi } from 'vitest';
import type { UseFormReturnType } from '@mantine/form';
import {
  EMPTY_DRIVER,
  placeServerErrors,
  toDriverBody,
  validateDriver,
  valuesOf,
  type DriverValues,
} from '../../../src/features/drivers/components/driver-form.ts';
import { ApiError } from '../../../src/lib/api-error.ts';

const valid: DriverValues = {
  ...EMPTY_DRIVER,
  firstName: 'Dana',
  lastName: 'Driver',
  dateOfBirth: '1985-04-23',
  licenceState: 'CA',
  licenceNumber: 'D1234567',
};

describe('validateDriver', () => {
  it('accepts a complete driver', () => {
    expect(validateDriver(valid)).toEqual({});
  });

  it('names every missing required field in a sentence', () => {
    expect(validateDriver(EMPTY_DRIVER)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Enter the date of birth as YYYY-MM-DD.',
      licenceState: 'Choose the state that issued the licence',
      // Without a state its format cannot be judged yet, but an empty number is wrong at once.
      licenceNumber: 'Licence number is required',
    });
    // A number typed without a state waits for the state: no message on it yet.
    expect(validateDriver({ ...EMPTY_DRIVER, licenceNumber: '12345678' }).licenceNumber).toBeUndefined();
  });

  it("checks the licence number against the chosen state's format and names that format", () => {
    expect(validateDriver({ ...valid, licenceNumber: '12345678' }).licenceNumber).toBe(
      'California licence numbers are 1 letter and 7 digits (for example D1234567).',
    );
    // The same number is a valid Texas licence.
    expect(validateDriver({ ...valid, licenceState: 'TX', licenceNumber: '12345678' }).licenceNumber).toBeUndefined();
    expect(validateDriver({ ...valid, licenceState: 'FL', licenceNumber: 'D1234567' }).licenceNumber).toBe(
      'Florida licence numbers are 1 letter and 12 digits (for example S123456789012).',
    );
  });

  it('ignores spaces, hyphens and case in the licence number, as the server does', () => {
    expect(validateDriver({ ...valid, licenceNumber: 'd123-4567' }).licenceNumber).toBeUndefined();
    expect(validateDriver({ ...valid, licenceNumber: ' d 1234567 ' }).licenceNumber).toBeUndefined();
  });

  it('checks the licence number even while other fields are wrong, so every problem shows at once', () => {
    const errors = validateDriver({ ...valid, firstName: '', licenceNumber: '1' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.licenceNumber).toMatch(/^California licence numbers are/);
  });

  it('checks the date of birth: format, a real date, not in the future, 14 to 120 years old', () => {
    expect(validateDriver({ ...valid, dateOfBirth: '23/04/1985' }).dateOfBirth).toBe('Enter the date of birth as YYYY-MM-DD.');
    expect(validateDriver({ ...valid, dateOfBirth: '1985-02-30' }).dateOfBirth).toBe('That date does not exist.');
    expect(validateDriver({ ...valid, dateOfBirth: `${new Date().getUTCFullYear() + 1}-01-01` }).dateOfBirth).toBe('The date of birth is in the future.');
    expect(validateDriver({ ...valid, dateOfBirth: `${new Date().getUTCFullYear() - 5}-01-01` }).dateOfBirth).toBe('A driver must be at least 14 years old.');
    expect(validateDriver({ ...valid, dateOfBirth: '1880-01-01' }).dateOfBirth).toBe('The date of birth is more than 120 years ago.');
  });

  it('checks the optional fields only when given', () => {
    expect(validateDriver({ ...valid, email: 'not-an-email', phone: '12345' })).toEqual({
      email: expect.stringMatching(/^Email /),
      phone: 'Phone must be in international format, e.g. +15125550123',
    });
    expect(validateDriver({ ...valid, email: '  ', phone: '', externalId: '' })).toEqual({});
  });
});

describe('expiry dates', () => {
  it('accepts them empty or as real dates, and names a bad one in a sentence', () => {
    expect(validateDriver({ ...valid, licenceExpiresOn: '2027-03-01', medicalCertificateExpiresOn: '' })).toEqual({});
    expect(validateDriver({ ...valid, licenceExpiresOn: '2027-02-30', medicalCertificateExpiresOn: '03/01/2027' })).toEqual({
      licenceExpiresOn: 'Licence expiry is not a real date',
      medicalCertificateExpiresOn: 'Medical certificate expiry must be YYYY-MM-DD',
    });
  });
});

describe('toDriverBody', () => {
  it('sends the licence number normalised and empty optional fields as null', () => {
    expect(toDriverBody({ ...valid, licenceNumber: 'd123-4567', middleName: ' ', externalId: 'EMP-7' })).toEqual({
      firstName: 'Dana',
      middleName: null,
      lastName: 'Driver',
      dateOfBirth: '1985-04-23',
      licenceState: 'CA',
      licenceNumber: 'D1234567',
      email: null,
      phone: null,
      externalId: 'EMP-7',
      licenceExpiresOn: null,
      medicalCertificateExpiresOn: null,
    });
  });

  it('round-trips a saved driver through the edit form unchanged', () => {
    const saved = {
      id: '01a2076a-252b-7f93-9811-37f4099215e8',
      ...toDriverBody({ ...valid, email: 'dana@example.com', licenceExpiresOn: '2027-03-01' }),
      fullName: 'Dana Driver',
      monitoringTypes: [],
      monitoring: [],
      qualification: {
        status: 'NOT_QUALIFIED', reasons: ['No MVR on file'], lastMvrOrderId: null, lastMvrDate: null, lastAnnualReviewOn: null,
        annualReviewDueOn: null, openAlerts: 0,
      },
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    } as Parameters<typeof valuesOf>[0];
    expect(toDriverBody(valuesOf(saved))).toEqual(toDriverBody({ ...valid, email: 'dana@example.com', licenceExpiresOn: '2027-03-01' }));
  });
});

describe('placeServerErrors', () => {
  const formWith = () => {
    const setFieldError = vi.fn();
    return { form: { setFieldError } as unknown as UseFormReturnType<DriverValues>, setFieldError };
  };

  it("puts the server's field problems on their fields, in sentences", () => {
    const { form, setFieldError } = formWith();
    const error = new ApiError(409, {
      code: 'DriverAlreadyExists',
      errors: [{ path: 'body.licenceNumber', message: 'belongs to another driver of this company' }],
    });
    expect(placeServerErrors(form, error)).toBe(true);
    expect(setFieldError).toHaveBeenCalledWith('licenceNumber', 'Licence number belongs to another driver of this company');
  });

  it('says so when none of the problems is a field of the form', () => {
    const { form, setFieldError } = formWith();
    expect(placeServerErrors(form, new ApiError(400, { errors: [{ path: 'query.sort', message: 'cannot sort by x' }] }))).toBe(false);
    expect(placeServerErrors(form, new ApiError(500, { detail: 'Something broke' }))).toBe(false);
    expect(setFieldError).not.toHaveBeenCalled();
  });
});
