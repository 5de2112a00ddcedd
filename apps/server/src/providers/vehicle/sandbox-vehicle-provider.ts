// The sandbox vehicle (VIN) report provider. The last digit of the VIN's serial number picks the
// scenario (README has the table); make and model come from a small table of world manufacturer
// identifiers common in fleets, the model year from the VIN itself.
import { decodeVin, type VehicleReport } from '@clearlane/contract';
import { daysAgo, lastDigit, providerReference, SandboxBase } from '../sandbox-shared.ts';
import type { VehicleProvider, VehicleRequest } from './vehicle-provider.ts';

const MANUFACTURERS: Record<string, { make: string; model: string; bodyType: string; vehicleType: VehicleReport['vehicle']['vehicleType'] }> = {
  '1FU': { make: 'Freightliner', model: 'Cascadia', bodyType: 'Tractor', vehicleType: 'Truck' },
  '3AK': { make: 'Freightliner', model: 'Cascadia', bodyType: 'Tractor', vehicleType: 'Truck' },
  '1XK': { make: 'Kenworth', model: 'T680', bodyType: 'Tractor', vehicleType: 'Truck' },
  '1XP': { make: 'Peterbilt', model: '579', bodyType: 'Tractor', vehicleType: 'Truck' },
  '4V4': { make: 'Volvo Trucks', model: 'VNL', bodyType: 'Tractor', vehicleType: 'Truck' },
  '1JJ': { make: 'Wabash', model: 'DuraPlate', bodyType: 'Dry van trailer', vehicleType: 'Trailer' },
  '1GR': { make: 'Great Dane', model: 'Champion', bodyType: 'Dry van trailer', vehicleType: 'Trailer' },
  '1UY': { make: 'Utility', model: '4000D-X', bodyType: 'Dry van trailer', vehicleType: 'Trailer' },
  '1FT': { make: 'Ford', model: 'F-150', bodyType: 'Pickup', vehicleType: 'Truck' },
  '1GC': { make: 'Chevrolet', model: 'Silverado', bodyType: 'Pickup', vehicleType: 'Truck' },
  '1HG': { make: 'Honda', model: 'Accord', bodyType: 'Sedan', vehicleType: 'Passenger' },
  '5YJ': { make: 'Tesla', model: 'Model 3', bodyType: 'Sedan', vehicleType: 'Passenger' },
};

export type VehicleScenario = 'CLEAN' | 'ACCIDENT' | 'SALVAGE_TITLE' | 'OPEN_RECALL' | 'ODOMETER_ROLLBACK' | 'THEFT' | 'NO_RECORDS' | 'FLOOD_TITLE' | 'PROVIDER_ERROR' | 'SLOW_ANSWER';

export const VEHICLE_SCENARIOS: Record<string, VehicleScenario> = {
  '0': 'CLEAN', '1': 'ACCIDENT', '2': 'SALVAGE_TITLE', '3': 'OPEN_RECALL', '4': 'ODOMETER_ROLLBACK',
  '5': 'THEFT', '6': 'NO_RECORDS', '7': 'FLOOD_TITLE', '8': 'PROVIDER_ERROR', '9': 'SLOW_ANSWER',
};

export class SandboxVehicleProvider extends SandboxBase implements VehicleProvider {
  readonly name = 'sandbox';

  async fetchReport(request: VehicleRequest): Promise<VehicleReport> {
    return this.answer(lastDigit(request.vin), request.idempotencyKey, 'vehicle history', () => buildVehicleReport(request));
  }
}

export function buildVehicleReport(request: VehicleRequest): VehicleReport {
  const decoded = decodeVin(request.vin);
  if (!decoded) throw new Error(`Invalid VIN reached the provider: ${request.vin}`); // orders validate first
  const at = request.requestedAt;
  const scenario = VEHICLE_SCENARIOS[lastDigit(decoded.vin)] ?? 'CLEAN';
  const known = MANUFACTURERS[decoded.worldManufacturerIdentifier] ?? { make: 'Unknown make', model: 'Unknown model', bodyType: 'Unknown', vehicleType: 'Truck' as const };
  // The likelier model year, unless it lies in the future (then the earlier cycle).
  const modelYear = decoded.modelYears.find((year) => year <= at.getUTCFullYear() + 1) ?? decoded.modelYear;
  const age = Math.max(1, at.getUTCFullYear() - modelYear);
  const report: VehicleReport = {
    result: scenario === 'NO_RECORDS' ? 'NO_RECORDS_FOUND' : 'RECORDS_FOUND',
    vin: decoded.vin,
    vehicle: { modelYear, make: known.make, model: known.model, bodyType: known.bodyType, vehicleType: known.vehicleType, region: decoded.region },
    titles: [], odometer: [], odometerRollbackSuspected: false, accidents: [], recalls: [], theftRecord: false,
    reportedAt: at.toISOString(),
    providerReference: providerReference('VIN', request.idempotencyKey),
  };
  if (scenario === 'NO_RECORDS') return report;
  report.titles.push({ date: daysAgo(at, age * 365), state: 'TX', brand: 'CLEAN' });
  for (let year = 1; year <= Math.min(age, 4); year++) {
    report.odometer.push({ date: daysAgo(at, (age - year) * 365 + 30), miles: year * 61_000, source: 'Annual inspection' });
  }
  switch (scenario) {
    case 'ACCIDENT':
      report.accidents.push({ date: daysAgo(at, 400), severity: 'MODERATE', description: 'Front-end collision; airbags not deployed' });
      break;
    case 'SALVAGE_TITLE':
      report.titles.push({ date: daysAgo(at, 200), state: 'OK', brand: 'SALVAGE' });
      report.accidents.push({ date: daysAgo(at, 230), severity: 'SEVERE', description: 'Rollover; declared a total loss by the insurer' });
      break;
    case 'OPEN_RECALL':
      report.recalls.push({ campaign: '24V-311', date: daysAgo(at, 300), component: 'Air brakes', summary: 'Brake chamber may fail, reducing braking performance.', remedied: false });
      break;
    case 'ODOMETER_ROLLBACK':
      report.odometer.push({ date: daysAgo(at, 20), miles: 48_000, source: 'Title transfer' });
      report.odometerRollbackSuspected = true;
      break;
    case 'THEFT':
      report.theftRecord = true;
      break;
    case 'FLOOD_TITLE':
      report.titles.push({ date: daysAgo(at, 150), state: 'LA', brand: 'FLOOD' });
      break;
    default:
      break;
  }
  return report;
}
