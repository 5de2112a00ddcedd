// The business form's model: checked with the contract's schema (EIN, USDOT number, ZIP code,
// phone), messages a person can act on, the API body, and the server's problems back on the fields.
import { describe, expect, it, vi } from 'vitest';
import type { UseFormReturnType } from '@mantine/form';
import {
  EMPTY_BUSINESS,
  placeServerErrors,
  toBusinessBody,
  validateBusiness,
  type BusinessValues,
} from '../../../src/features/businesses/components/business-form.ts';
import { einOf } from '../../../src/features/businesses/components/format.ts';
import { ApiError } from '../../../src/lib/api-error.ts';

const valid: BusinessValues = { ...EMPTY_BUSINESS, name: 'Summit Freight LLC', ein: '12-3456789', state: 'CO' };

describe('validateBusiness', () => {
  it('accepts a complete business', () => {
    expect(validateBusiness(valid)).toEqual({});
    expect(validateBusiness({ ...valid, dotNumber: '1234567', postalCode: '80202-1234', phone: '+13035550100', city: 'Denver' })).toEqual({});
  });

  it('names every missing required field', () => {
    expect(validateBusiness(EMPTY_BUSINESS)).toEqual({
      name: 'Name is required',
      ein: 'EIN is required',
      state: 'Choose the state the business is registered in',
    });
  });

  it('checks the EIN: 9 digits, hyphen optional, and a prefix the IRS assigns', () => {
    expect(validateBusiness({ ...valid, ein: '123456789' }).ein).toBeUndefined();
    expect(validateBusiness({ ...valid, ein: '12-34567' }).ein).toBe('An EIN has 9 digits, written 12-3456789.');
    expect(validateBusiness({ ...valid, ein: '12-34567ab' }).ein).toBe('An EIN has 9 digits, written 12-3456789.');
    expect(validateBusiness({ ...valid, ein: '00-1234567' }).ein).toBe('No EIN begins with 00; check the first two digits.');
  });

  it('checks the optional USDOT number, ZIP code and phone only when given', () => {
    expect(validateBusiness({ ...valid, dotNumber: '123456789', postalCode: '1234', phone: '555-0100' })).toEqual({
      dotNumber: 'A USDOT number has 1 to 8 digits.',
      postalCode: 'A ZIP code has 5 digits, or 5+4 written 12345-6789.',
      phone: 'Phone must be in international format, e.g. +15125550123',
    });
  });
});

describe('toBusinessBody', () => {
  it('sends the EIN as its 9 digits and empty optional fields as null', () => {
    expect(toBusinessBody({ ...valid, ein: '12-3456789', city: '  ', dotNumber: ' 77 ' })).toEqual({
      name: 'Summit Freight LLC',
      ein: '123456789',
      dotNumber: '77',
      state: 'CO',
      addressLine: null,
      city: null,
      postalCode: null,
      phone: null,
    });
  });
});

describe('einOf', () => {
  it('writes an EIN as 12-3456789 and leaves anything else as it is', () => {
    expect(einOf('123456789')).toBe('12-3456789');
    expect(einOf('12-3456789')).toBe('12-3456789');
    expect(einOf('unknown')).toBe('unknown');
  });
});

describe('placeServerErrors', () => {
  it("puts the server's field problems on their fields, and says when none is a field of the form", () => {
    const setFieldError = vi.fn();
    const form = { setFieldError } as unknown as UseFormReturnType<BusinessValues>;
    const conflict = new ApiError(409, {
      code: 'BusinessAlreadyExists',
      errors: [{ path: 'body.ein', message: 'belongs to another business of this company' }],
    });
    expect(placeServerErrors(form, conflict)).toBe(true);
    expect(setFieldError).toHaveBeenCalledWith('ein', 'EIN belongs to another business of this company');
    setFieldError.mockClear();
    expect(placeServerErrors(form, new ApiError(503, { detail: 'Try again later' }))).toBe(false);
    expect(setFieldError).not.toHaveBeenCalled();
  });
});
