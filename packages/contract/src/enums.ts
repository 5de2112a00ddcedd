// Every enumeration of SPEC.md §3 and §4, spelled exactly as the specification spells it.
import { z } from 'zod';

export const PERMISSION_SUBJECTS = [
  'Order', 'Driver', 'Monitoring', 'CompanyRestrictedResource', 'User', 'Claim', 'Reports', 'Business', 'Scores', 'ANY',
] as const;
export type PermissionSubject = (typeof PERMISSION_SUBJECTS)[number];
export const PermissionSubjectSchema = z.enum(PERMISSION_SUBJECTS);

export const PERMISSION_ACTIONS = ['manage', 'create', 'view', 'own', 'ANY'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export const PermissionActionSchema = z.enum(PERMISSION_ACTIONS);

export const ROLE_NAMES = ['Company Admin', 'Manager', 'Agent', 'Viewer'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const RoleNameSchema = z.enum(ROLE_NAMES);

export const REPORT_TYPES = [
  'DriverActivityReport', 'MotorVehicleRecord', 'PersonRiskAssessment', 'BusinessRiskAssessment', 'VehicleReport',
] as const;
export const ORDER_TYPES = [
  'MVR', 'MVR_WITH_ADJUDICATION', 'PERSON_RISK_ASSESSMENT', 'BUSINESS_RISK_INFORM_REPORT', 'VIN_REPORT',
] as const;
export const MONITORING_TYPES = ['MvrMonitoring', 'PersonMonitoring'] as const;
export const MONITORING_CHANGE_ACTIONS = ['ADD', 'REMOVE'] as const;
export const INSURANCE_COVERAGE_TYPES = [
  'Motor_Truck_Cargo', 'Liability', 'Physical_Damage', 'General_Liability', 'Workers_Compensation', 'Commercial_Fire',
] as const;
export const VEHICLE_TYPES = ['Truck', 'Trailer'] as const;
export const MVR_REPORT_FORMATS = {
  MVR_STANDARD_REPORT: { label: 'Full MVR Report (Standard)', accept: 'application/pdf' },
  MVR_CONDENSED_REPORT: { label: 'Full MVR Report (Condensed)', accept: 'application/pdf+text' },
} as const;

export const ORDER_RESULT_STATUSES = ['Complete', 'Failed', 'Ordered', 'Received', 'New', 'Error'] as const;
export const OUTCOMES = ['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled'] as const;
export const PROCESSING_STATUSES = ['Complete', 'Failed', 'NotStarted', 'Processing'] as const;
export const CLAIM_STATUSES = ['New', 'Received', 'Processing', 'Error', 'Failed', 'Complete', 'Published'] as const;
export const CLAIM_KINDS = ['New', 'Update'] as const;
/** SPEC.md §3 names MVR_MONITORING_ALERT; the others are the reminders and person-monitoring changes of issue 9. */
export const ALERT_TYPES = ['MVR_MONITORING_ALERT', 'PERSON_MONITORING_ALERT', 'LICENCE_EXPIRY_REMINDER', 'MEDICAL_CERTIFICATE_REMINDER'] as const;

export const TOAST_TYPES = ['success', 'error', 'info', 'warning', 'default'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export const TOAST_POSITIONS = ['top-right', 'top', 'top-left', 'bottom-right', 'bottom', 'bottom-left'] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** The 50 states plus DC. Texas is a special subset (its record types differ), see TEXAS_STATE_CODE. */
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export const TEXAS_STATE_CODE = 'TX';
