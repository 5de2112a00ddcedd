import type { MvrRecord, TexasRecordType, UsStateCode } from '@clearlane/contract';

export interface MvrRequest {
  /** The same key always gets the same answer and is billed once (the order id). */
  idempotencyKey: string;
  state: UsStateCode;
  licenceNumber: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** DPPA permissible purpose code, required on every MVR request. */
  permissiblePurpose: string;
  texasRecordType?: TexasRecordType;
  requestedAt: Date;
}

/** One interface per report kind; the sandbox and each vendor adapter implement it. */
export interface MvrProvider {
  readonly name: string;
  fetchRecord(request: MvrRequest): Promise<MvrRecord>;
}
