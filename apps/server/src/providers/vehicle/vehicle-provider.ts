import type { VehicleReport } from '@clearlane/contract';

export interface VehicleRequest {
  idempotencyKey: string;
  vin: string;
  requestedAt: Date;
}

export interface VehicleProvider {
  readonly name: string;
  fetchReport(request: VehicleRequest): Promise<VehicleReport>;
}
