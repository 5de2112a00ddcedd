// The content shapes of a report, by report type, as the API answers them (contract schemas).
import type { z } from 'zod';
import type { BusinessRiskAssessmentSchema, MvrRecordSchema, PersonRiskAssessmentSchema, VehicleReportSchema } from '@clearlane/contract/reports';

export type MvrRecordContent = z.infer<typeof MvrRecordSchema>;
export type VehicleReportContent = z.infer<typeof VehicleReportSchema>;
export type PersonRiskContent = z.infer<typeof PersonRiskAssessmentSchema>;
export type BusinessRiskContent = z.infer<typeof BusinessRiskAssessmentSchema>;
