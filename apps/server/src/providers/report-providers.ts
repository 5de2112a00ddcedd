// The providers an order worker calls, one per report kind. The sandbox is the embedded default;
// vendor adapters implement the same interfaces.
import type { Executor } from '../db/client.ts';
import { SandboxBusinessRiskProvider } from './business-risk/sandbox-business-risk-provider.ts';
import type { BusinessRiskProvider } from './business-risk/business-risk-provider.ts';
import { DatabaseLedger } from './ledger.ts';
import { SandboxMvrProvider } from './mvr/sandbox-mvr-provider.ts';
import type { MvrProvider } from './mvr/mvr-provider.ts';
import { SandboxPersonRiskProvider } from './person-risk/sandbox-person-risk-provider.ts';
import type { PersonRiskProvider } from './person-risk/person-risk-provider.ts';
import type { SandboxOptions } from './sandbox-shared.ts';
import { SandboxVehicleProvider } from './vehicle/sandbox-vehicle-provider.ts';
import type { VehicleProvider } from './vehicle/vehicle-provider.ts';

export interface ReportProviders {
  mvr: MvrProvider;
  vehicle: VehicleProvider;
  personRisk: PersonRiskProvider;
  businessRisk: BusinessRiskProvider;
}

/** `sleep` is how the slow answer waits: tests pass one that records instead of waiting. */
export function sandboxProviders(db: Executor, options: Pick<SandboxOptions, 'slowAnswerMs' | 'sleep'> = {}): ReportProviders {
  return {
    mvr: new SandboxMvrProvider({ ...options, ledger: new DatabaseLedger(db, 'sandbox-mvr') }),
    vehicle: new SandboxVehicleProvider({ ...options, ledger: new DatabaseLedger(db, 'sandbox-vehicle') }),
    personRisk: new SandboxPersonRiskProvider({ ...options, ledger: new DatabaseLedger(db, 'sandbox-person-risk') }),
    businessRisk: new SandboxBusinessRiskProvider({ ...options, ledger: new DatabaseLedger(db, 'sandbox-business-risk') }),
  };
}
