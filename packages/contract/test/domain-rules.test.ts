import { describe, expect, it } from 'vitest';
import { decodeVin, vinCheckDigit, vinProblems } from '../src/domain/vin.ts';
import { LICENCE_FORMATS, licenceNumberProblem } from '../src/domain/driver-licence-formats.ts';
import { dateOfBirthProblem, einProblem, formatEin } from '../src/domain/identifiers.ts';
import { US_STATE_CODES } from '../src/enums.ts';

describe('VIN', () => {
  it('accepts real VINs and decodes the model year', () => {
    expect(vinProblems('1HGCM82633A004352')).toEqual([]);
    expect(decodeVin('1HGCM82633A004352')).toMatchObject({ worldManufacturerIdentifier: '1HG', region: 'United States', modelYear: 2003 });
    // Position 7 is a letter: the later 30-year cycle comes first.
    expect(decodeVin('5YJ3E1EA2KF317000')?.modelYears).toEqual([2019, 1989]);
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('names what is wrong with a bad VIN', () => {
    expect(vinProblems('1HGCM82633A00435')[0]).toMatchObject({ code: 'length' });
    expect(vinProblems('1HGCM82633A00O352')[0]).toMatchObject({ code: 'characters' });
    expect(vinProblems('1HGCM82623A004352')[0]?.message).toContain('should be 3');
    expect(vinProblems('1hgcm8263-3a004352')).toEqual([]);
    expect(decodeVin('1HGCM82623A004352')).toBeNull();
  });
});

describe('driver licence formats', () => {
  it('has a format for every state code including DC', () => {
    expect(Object.keys(LICENCE_FORMATS).sort()).toEqual([...US_STATE_CODES].sort());
  });

  it('accepts each state\'s own example', () => {
    for (const state of US_STATE_CODES) expect(licenceNumberProblem(state, LICENCE_FORMATS[state].example), state).toBeNull();
  });

  it('names the expected format when a number does not fit', () => {
    expect(licenceNumberProblem('CA', '12345678')).toBe('California licence numbers are 1 letter and 7 digits (for example D1234567).');
    expect(licenceNumberProblem('FL', 's123-456-789-012')).toBeNull();
    expect(licenceNumberProblem('TX', '')).toBe('Enter the driver licence number.');
  });
});

describe('EIN and date of birth', () => {
  it('validates EINs', () => {
    expect(einProblem('12-3456789')).toBeNull();
    expect(einProblem('123')).toContain('9 digits');
    expect(einProblem('07-1234567')).toContain('No EIN begins with 07');
    expect(formatEin('123456789')).toBe('12-3456789');
  });

  it('validates dates of birth', () => {
    const today = new Date('2026-11-22T12:00:00Z');
    expect(dateOfBirthProblem('1990-02-28', today)).toBeNull();
    expect(dateOfBirthProblem('1990-02-30', today)).toBe('That date does not exist.');
    expect(dateOfBirthProblem('2030-01-01', today)).toContain('future');
    expect(dateOfBirthProblem('2013-11-23', today)).toContain('at least 14');
    expect(dateOfBirthProblem('22/11/1990', today)).toContain('YYYY-MM-DD');
  });
});
