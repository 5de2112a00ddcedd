import { describe, expect, it } from 'vitest';
import { SandboxVehicleProvider } from '../../src/providers/vehicle/sandbox-vehicle-provider.ts';
import { SandboxPersonRiskProvider } from '../../src/providers/person-risk/sandbox-person-risk-provider.ts';
import { SandboxBusinessRiskProvider } from '../../src/providers/business-risk/sandbox-business-risk-provider.ts';
import { InMemoryLedger } from '../../src/providers/sandbox-shared.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';
import { vinCheckDigit } from '@clearlane/contract';

/** A valid Honda VIN whose serial ends in `digit` (position 9 carries weight 0, so any placeholder works). */
const vinEnding = (digit: number) => {
  const draft = `1HGCM82603A00435${digit}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

const requestedAt = new Date('2026-11-22T10:00:00Z');
const noSleep = { sleep: async () => {} };

describe('sandbox vehicle provider', () => {
  const provider = new SandboxVehicleProvider(noSleep);
  const fetch = (vin: string) => provider.fetchReport({ idempotencyKey: `k-${vin}`, vin, requestedAt });

  it('decodes make, type and model year from the VIN', async () => {
    const report = await fetch(vinEnding(0));
    expect(report.vehicle).toMatchObject({ make: 'Honda', modelYear: 2003, vehicleType: 'Passenger' });
    expect(report.titles[0]?.brand).toBe('CLEAN');
  });

  it('produces salvage titles, open recalls and odometer rollbacks by the last digit', async () => {
    expect((await fetch(vinEnding(2))).titles.map((t) => t.brand)).toContain('SALVAGE');
    expect((await fetch(vinEnding(3))).recalls[0]?.remedied).toBe(false);
    expect((await fetch(vinEnding(4))).odometerRollbackSuspected).toBe(true);
    expect((await fetch(vinEnding(6))).result).toBe('NO_RECORDS_FOUND');
    await expect(fetch(vinEnding(8))).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('sandbox person and business risk providers', () => {
  it('scores people by the last digit of the date of birth', async () => {
    const ledger = new InMemoryLedger();
    const provider = new SandboxPersonRiskProvider({ ...noSleep, ledger });
    const assess = (dateOfBirth: string) => provider.assess({ idempotencyKey: dateOfBirth, definitionName: 'standard', firstName: 'Dana', lastName: 'Driver', dateOfBirth, state: 'CA', requestedAt });
    expect(await assess('1988-04-10')).toMatchObject({ riskLevel: 'LOW', findings: [] });
    expect(await assess('1988-04-13')).toMatchObject({ riskLevel: 'SEVERE', findings: [{ category: 'CRIMINAL' }] });
    expect((await assess('1988-04-16')).result).toBe('SUBJECT_NOT_FOUND');
    expect(ledger.calls.size).toBe(3);
  });

  it('scores businesses by the last digit of the EIN', async () => {
    const provider = new SandboxBusinessRiskProvider(noSleep);
    const assess = (ein: string) => provider.assess({ idempotencyKey: ein, definitionName: 'standard', name: 'Road Co', ein, state: 'TX', dotNumber: '1234567', requestedAt });
    expect((await assess('12-3456780')).riskLevel).toBe('LOW');
    expect((await assess('12-3456784')).findings[0]?.category).toBe('SANCTIONS');
    expect((await assess('12-3456785')).riskLevel).toBe('HIGH');
    await expect(assess('12-3456788')).rejects.toThrow('did not answer');
  });
});
