// Businesses of a company, the subjects of business risk reports (SPEC.md §7 "Businesses").
import { z } from 'zod';
import { einProblem, normalizeEin } from './domain/identifiers.ts';
import { PhoneNumberSchema } from './users.ts';
import { UsStateCodeSchema } from './persons.ts';

export const BusinessSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Employer Identification Number, formatted 12-3456789. */
  ein: z.string(),
  /** US DOT number of a motor carrier, digits only. */
  dotNumber: z.string().nullable(),
  state: UsStateCodeSchema,
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof BusinessSchema>;

export const EinSchema = z
  .string()
  .max(16, 'An EIN has 9 digits, written 12-3456789.')
  .superRefine((value, ctx) => {
    const problem = einProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  // Stored and compared as its 9 digits, so 12-3456789 and 123456789 are the same business.
  .overwrite(normalizeEin)
  .describe('Employer Identification Number: 9 digits, written 12-3456789 (the hyphen is optional)');

export const DotNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{1,8}$/, 'A USDOT number has 1 to 8 digits.')
  .describe('US DOT number: 1 to 8 digits');

export const UsPostalCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'A ZIP code has 5 digits, or 5+4 written 12345-6789.');

const optionalText = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`).nullish();

export const CreateBusinessBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(160, 'must be at most 160 characters'),
  ein: EinSchema,
  dotNumber: DotNumberSchema.nullish(),
  state: UsStateCodeSchema,
  addressLine: optionalText(160),
  city: optionalText(80),
  postalCode: UsPostalCodeSchema.nullish(),
  phone: PhoneNumberSchema.nullish(),
});
export type CreateBusinessBody = z.infer<typeof CreateBusinessBodySchema>;

export const BUSINESS_SORT_FIELDS = ['name', 'createdAt', 'state'] as const;
export type BusinessSortField = (typeof BUSINESS_SORT_FIELDS)[number];

export const BusinessListFilterSchema = z.object({
  filter: z.string().trim().max(100).optional().describe('Matches name, EIN or DOT number, case-insensitive'),
  state: UsStateCodeSchema.optional(),
});
export type BusinessListFilter = z.infer<typeof BusinessListFilterSchema>;
