// The report of a completed order, by kind: GET /api/v1/orders/{id}/violation/report (MVR),
// /vehicle/report (VIN), /irr/report (person risk), /bra/report (business risk).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessRiskAssessment, PersonRiskAssessment, VehicleReport } from '@clearlane/contract/domain/risk-reports';
import type { OrderType } from '@clearlane/contract/orders';
import type { ViolationReport } from '@clearlane/contract/reports';
import { api } from '../../../lib/http.ts';
import { ordersQueryKeys } from './get-orders.ts';

export interface OrderReports {
  violation: ViolationReport;
  vehicle: VehicleReport;
  irr: PersonRiskAssessment;
  bra: BusinessRiskAssessment;
}
export type OrderReportKind = keyof OrderReports;

export const REPORT_KIND_OF_TYPE: Record<OrderType, OrderReportKind> = {
  MVR: 'violation',
  MVR_WITH_ADJUDICATION: 'violation',
  VIN_REPORT: 'vehicle',
  PERSON_RISK_ASSESSMENT: 'irr',
  BUSINESS_RISK_INFORM_REPORT: 'bra',
};

export const getOrderReport = <Kind extends OrderReportKind>(id: string, kind: Kind, signal?: AbortSignal) =>
  api.get<OrderReports[Kind]>(`/api/v1/orders/${encodeURIComponent(id)}/${kind}/report`, { signal });

// A completed order's report never changes.
export const orderReportQueryOptions = <Kind extends OrderReportKind>(id: string, kind: Kind) =>
  queryOptions({ queryKey: ordersQueryKeys.report(id, kind), queryFn: ({ signal }) => getOrderReport(id, kind, signal), staleTime: Infinity });

export const useOrderReport = <Kind extends OrderReportKind>(id: string, kind: Kind, enabled: boolean) =>
  useQuery({ ...orderReportQueryOptions(id, kind), enabled });
