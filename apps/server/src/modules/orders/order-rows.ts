// How something ordered becomes an order row. Every way of placing an MVR order (the order form,
// the person route, a bulk sheet) builds its row here, so a single order and a sheet's order are
// the same row and the worker (orders.jobs.ts) fulfils both alike. What an order leaves out takes
// the defaults of the contract (DEFAULT_RULE_NAMESPACE, DEFAULT_TEXAS_RECORD_TYPE).
import { DEFAULT_RULE_NAMESPACE, DEFAULT_TEXAS_RECORD_TYPE, fullNameOf, type OrderType, type TexasRecordType } from '@clearlane/contract';
import type { NewOrderRow } from './orders.repository.ts';

/** What is ordered, whatever its kind: the part of the row that depends on the order's kind. */
export interface Placement {
  type: OrderType;
  subjectLabel: string;
  input: Record<string, unknown>;
  personId?: string | null;
  businessId?: string | null;
  permissiblePurpose?: string | null;
  ruleNamespace?: string | null;
  riskAssessmentDefinitionName?: string | null;
  mvrExternalReferenceId?: string | null;
  isAutoAdjudicated?: boolean;
  tags?: string[];
}

export interface MvrDriver {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  dateOfBirth: string;
  licenceNumber: string;
  licenceState: string;
}

/** An MVR order after validation (a Texas record type only for a Texas licence, a ruleset that exists). */
export interface MvrRequest {
  driver: MvrDriver;
  /** The company's driver it was ordered for; null for a driver typed in or a sheet's row. */
  personId: string | null;
  permissiblePurpose: string;
  texasRecordType?: TexasRecordType;
  mvrExternalReferenceId?: string | null;
  isAutoAdjudicated: boolean;
  ruleNamespace?: string | null;
  tags?: string[];
}

export function mvrPlacement(request: MvrRequest): Placement {
  const { driver, personId, isAutoAdjudicated } = request;
  const texasRecordType = driver.licenceState === 'TX' ? (request.texasRecordType ?? DEFAULT_TEXAS_RECORD_TYPE) : undefined;
  const mvrExternalReferenceId = request.mvrExternalReferenceId ?? null;
  return {
    type: isAutoAdjudicated ? 'MVR_WITH_ADJUDICATION' : 'MVR',
    subjectLabel: `${fullNameOf(driver)} (${driver.licenceState} ${driver.licenceNumber})`,
    personId,
    // The input keeps what was asked, as asked (ruleNamespace null when none was named): the
    // order page shows it and a retry starts from it.
    input: {
      driver: {
        firstName: driver.firstName, middleName: driver.middleName ?? null, lastName: driver.lastName,
        dateOfBirth: driver.dateOfBirth, licenceNumber: driver.licenceNumber, licenceState: driver.licenceState,
      },
      personId, permissiblePurpose: request.permissiblePurpose, ...(texasRecordType ? { texasRecordType } : {}),
      isAutoAdjudicated, ruleNamespace: request.ruleNamespace ?? null, mvrExternalReferenceId,
    },
    permissiblePurpose: request.permissiblePurpose,
    // The ruleset that will judge it: the named one, or the default when it is auto-adjudicated.
    ruleNamespace: isAutoAdjudicated ? (request.ruleNamespace ?? DEFAULT_RULE_NAMESPACE) : (request.ruleNamespace ?? null),
    mvrExternalReferenceId,
    isAutoAdjudicated,
    tags: request.tags,
  };
}

export interface Orderer {
  id: string;
  companyId: string;
  /** The user who placed it; null for the system (a monitoring recheck). */
  orderedBy: string | null;
  /** The report group of a bulk sheet's order. */
  reportGroupId?: string | null;
}

/** The new order's row: status New, not started, tags without repeats. */
export function newOrderRow(placement: Placement, orderer: Orderer): NewOrderRow {
  return {
    id: orderer.id, companyId: orderer.companyId, type: placement.type, status: 'New', processingStatus: 'NotStarted',
    subjectLabel: placement.subjectLabel, input: placement.input, personId: placement.personId ?? null, businessId: placement.businessId ?? null,
    reportGroupId: orderer.reportGroupId ?? null, permissiblePurpose: placement.permissiblePurpose ?? null, ruleNamespace: placement.ruleNamespace ?? null,
    riskAssessmentDefinitionName: placement.riskAssessmentDefinitionName ?? null, mvrExternalReferenceId: placement.mvrExternalReferenceId ?? null,
    isAutoAdjudicated: placement.isAutoAdjudicated ?? false, tags: [...new Set(placement.tags ?? [])], orderedBy: orderer.orderedBy,
  };
}
