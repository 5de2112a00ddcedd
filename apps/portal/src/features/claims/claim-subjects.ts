// The people and vehicles of a claim a report can be ordered for: its drivers (a company driver by
// id, or one typed in with licence and date of birth: what an MVR order needs) and its vehicles (a
// VIN: what a vehicle report needs). Read from the built-in form's fields (drivers, vehicles); a
// company's own form that names them alike gets the same.
import type { CreatePersonBody } from '@clearlane/contract/persons';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export type ClaimDriver =
  | { index: number; source: 'company'; personId: string }
  | { index: number; source: 'typed'; name: string; driver: CreatePersonBody }
  /** Typed in without what an MVR needs: `missing` says what. */
  | { index: number; source: 'incomplete'; name: string; missing: string };

export interface ClaimVehicle {
  index: number;
  label: string;
  vin: string;
}

export function claimDrivers(formData: Record<string, unknown>): ClaimDriver[] {
  const drivers = Array.isArray(formData.drivers) ? formData.drivers : [];
  return drivers.flatMap((entry, index): ClaimDriver[] => {
    if (!isRecord(entry)) return [];
    const personId = text(entry.personId);
    if (entry.source !== 'TYPED_IN' && personId) return [{ index, source: 'company', personId }];
    const firstName = text(entry.firstName);
    const lastName = text(entry.lastName);
    if (!firstName && !lastName) return [];
    const name = [firstName, lastName].filter(Boolean).join(' ');
    const licence = isRecord(entry.licence) ? entry.licence : {};
    const licenceNumber = text(licence.number);
    const licenceState = text(licence.state);
    const dateOfBirth = text(entry.dateOfBirth);
    const missing = [!firstName && 'first name', !lastName && 'last name', !dateOfBirth && 'date of birth', !licenceNumber && 'licence number', !licenceState && 'licence state'].filter(
      (part): part is string => typeof part === 'string',
    );
    if (missing.length > 0) return [{ index, source: 'incomplete', name, missing: missing.join(', ') }];
    return [{ index, source: 'typed', name, driver: { firstName: firstName!, lastName: lastName!, dateOfBirth: dateOfBirth!, licenceNumber: licenceNumber!, licenceState: licenceState! } as CreatePersonBody }];
  });
}

export function claimVehicles(formData: Record<string, unknown>): ClaimVehicle[] {
  const vehicles = Array.isArray(formData.vehicles) ? formData.vehicles : [];
  return vehicles.flatMap((entry, index) => {
    const vin = isRecord(entry) ? text(entry.vin) : undefined;
    if (!isRecord(entry) || !vin) return [];
    const described = [text(entry.type), entry.year, text(entry.make), text(entry.model)].filter((part) => part !== undefined && part !== '').join(' ');
    const unit = text(entry.unitNumber);
    return [{ index, vin, label: `${described || 'Vehicle'}${unit ? `, unit ${unit}` : ''}` }];
  });
}
