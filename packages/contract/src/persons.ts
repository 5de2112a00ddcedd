// Persons (drivers) of a company: what the API answers and what it accepts (SPEC.md §7 "Person").
// The licence number is checked against its state's published format here, so the portal's form
// and the server refuse the same numbers with the same message.
import { z } from 'zod';
import { MONITORING_TYPES, US_STATE_CODES } from './enums.ts';
import { EmailSchema } from './auth.ts';
import { PhoneNumberSchema } from './users.ts';
import { licenceNumberProblem, normalizeLicenceNumber, type UsStateCode } from './domain/driver-licence-formats.ts';
import { dateOfBirthProblem } from './domain/identifiers.ts';
import { QueryBooleanSchema } from './query-params.ts';
// One way: monitoring.ts never imports this file.
import { DriverQualificationSchema, IsoDateSchema, MonitoringEnrolmentSchema, QualificationStatusSchema } from './monitoring.ts';

export const UsStateCodeSchema = z.enum(US_STATE_CODES, { error: 'must be a US state code (the 50 states and DC), e.g. CA' });
export const MonitoringTypeSchema = z.enum(MONITORING_TYPES);
export type MonitoringType = z.infer<typeof MonitoringTypeSchema>;

export const PersonSchema = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  /** First, middle and last name as a person reads them. */
  fullName: z.string(),
  dateOfBirth: z.string().describe('YYYY-MM-DD'),
  /** Upper case, without spaces or hyphens. */
  licenceNumber: z.string(),
  licenceState: UsStateCodeSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The company's own reference for the driver, e.g. an employee number. */
  externalId: z.string().nullable(),
  monitoringTypes: z.array(MonitoringTypeSchema),
  /** YYYY-MM-DD, kept by the company for the qualification file (reminders are raised from them). */
  licenceExpiresOn: z.string().nullable(),
  medicalCertificateExpiresOn: z.string().nullable(),
  /** Each kind of monitoring the driver is enrolled in, pending until the state confirms. */
  monitoring: z.array(MonitoringEnrolmentSchema),
  /** Qualified, attention or not qualified, and why (docs/DECISIONS.md "Driver qualification"). */
  qualification: DriverQualificationSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof PersonSchema>;

const PersonNameSchema = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

export const DateOfBirthSchema = z
  .string()
  .trim()
  .max(10, 'must be YYYY-MM-DD')
  .superRefine((value, ctx) => {
    const problem = dateOfBirthProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('YYYY-MM-DD; the driver is 14 to 120 years old');

const isStateCode = (value: unknown): value is UsStateCode => (US_STATE_CODES as readonly unknown[]).includes(value);

/**
 * The fields a company edits. PUT replaces them all: an optional field left out becomes empty.
 * Monitoring is changed on its own call, never here.
 */
const personFields = z.object({
  firstName: PersonNameSchema,
  middleName: z.string().trim().max(80, 'must be at most 80 characters').nullish(),
  lastName: PersonNameSchema,
  dateOfBirth: DateOfBirthSchema,
  licenceNumber: z
    .string()
    .max(32, 'must be at most 32 characters')
    .overwrite(normalizeLicenceNumber)
    .describe("Checked against the licence state's published format; spaces and hyphens are ignored"),
  licenceState: UsStateCodeSchema,
  email: EmailSchema.nullish(),
  phone: PhoneNumberSchema.nullish(),
  externalId: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters').nullish(),
  licenceExpiresOn: IsoDateSchema.nullish().describe('YYYY-MM-DD'),
  medicalCertificateExpiresOn: IsoDateSchema.nullish().describe('YYYY-MM-DD'),
});

/**
 * The licence check needs both fields, so it sits on the object, with its message on
 * `licenceNumber`. It runs even when other fields are wrong (a form shows every problem at once),
 * but only once the state is known and the number has no problem of its own.
 */
const withLicenceCheck = <T extends typeof personFields>(schema: T) =>
  schema.superRefine(
    (person, ctx) => {
      const problem = licenceNumberProblem(person.licenceState, person.licenceNumber);
      if (problem) ctx.addIssue({ code: 'custom', path: ['licenceNumber'], message: problem });
    },
    {
      when: (payload) => {
        // `when` runs before the object's own type check: a null or an array lands here too.
        if (typeof payload.value !== 'object' || payload.value === null) return false;
        const value = payload.value as { licenceState?: unknown; licenceNumber?: unknown };
        return isStateCode(value.licenceState)
          && typeof value.licenceNumber === 'string'
          && !payload.issues.some((issue) => issue.path?.[0] === 'licenceNumber');
      },
    },
  );

export const CreatePersonBodySchema = withLicenceCheck(personFields);
export type CreatePersonBody = z.infer<typeof CreatePersonBodySchema>;

/** PUT /person/{id}: a full replacement of the editable fields, validated as on create. */
export const UpdatePersonBodySchema = withLicenceCheck(personFields);
export type UpdatePersonBody = z.infer<typeof UpdatePersonBodySchema>;

/**
 * `qualification` ascending is worst first (NOT_QUALIFIED, ATTENTION, QUALIFIED): what needs action
 * comes to the top. `annualReviewDueOn` ascending puts the most overdue first; a driver due now
 * (an MVR but no review yet) sorts as due today, a driver with nothing due last.
 */
export const PERSON_SORT_FIELDS = [
  'lastName', 'firstName', 'createdAt', 'licenceState', 'dateOfBirth', 'qualification', 'annualReviewDueOn', 'lastMvrDate',
] as const;
export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];

/** A driver's monitoring as /drivers filters it: any enrolment active, only pending ones, or none. */
export const PERSON_MONITORING_FILTERS = ['ENROLLED', 'PENDING', 'NONE'] as const;
export type PersonMonitoringFilter = (typeof PERSON_MONITORING_FILTERS)[number];

export const PersonListFilterSchema = z.object({
  filter: z.string().trim().max(100).optional().describe('Matches name, licence number or external id, case-insensitive'),
  licenceState: UsStateCodeSchema.optional(),
  qualification: QualificationStatusSchema.optional(),
  monitoring: z.enum(PERSON_MONITORING_FILTERS).optional()
    .describe('ENROLLED: at least one monitoring active; PENDING: enrolled, none active yet; NONE: not enrolled'),
  reviewDue: QueryBooleanSchema.optional().describe('true: annual review due within the window or overdue; false: neither'),
  openAlerts: QueryBooleanSchema.optional().describe('true: has unacknowledged alerts; false: has none'),
});
export type PersonListFilter = z.infer<typeof PersonListFilterSchema>;

/** "Jane Q Public": how lists and reports name a driver. */
export const fullNameOf = (person: { firstName: string; middleName?: string | null; lastName: string }) =>
  [person.firstName, person.middleName, person.lastName].filter((part) => part && part.length > 0).join(' ');
