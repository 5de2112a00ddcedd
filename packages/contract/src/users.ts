import { z } from 'zod';
import { PermissionActionSchema, PermissionSubjectSchema, RoleNameSchema } from './enums.ts';
import { EmailSchema, MFA_TYPES } from './auth.ts';

export const PermissionSchema = z.object({ action: PermissionActionSchema, subject: PermissionSubjectSchema });
export type Permission = z.infer<typeof PermissionSchema>;

export const RoleSchema = z.object({ name: RoleNameSchema, permissions: z.array(PermissionSchema) });

export const CompanyMembershipSchema = z.object({
  companyId: z.string().uuid(),
  companyName: z.string(),
  tenantIdentifier: z.string(),
  role: RoleNameSchema,
});

/** SPEC.md §3 "Current user", plus what the profile menu needs. */
export const CurrentUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyId: z.string().uuid(),
  companyName: z.string(),
  companies: z.array(CompanyMembershipSchema),
  roles: z.array(RoleSchema),
  tenantIdentifier: z.string(),
  groups: z.array(z.string()),
  phoneNumber: z.string().nullable(),
  mfa: z.object({ totpEnabled: z.boolean(), smsEnabled: z.boolean() }),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const USER_STATUSES = ['ACTIVE', 'INVITED', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const UserSummarySchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleNameSchema,
  /**
   * ACTIVE, INVITED (no password chosen yet) or DISABLED: switched off in this company
   * (`enabled: false`) or, for every company, by an operator.
   */
  status: z.enum(USER_STATUSES),
  /** False when a Company Admin switched this user off in this company (PATCH /users/{id}). */
  enabled: z.boolean(),
  mfaEnabled: z.boolean(),
  /** The second factors the user has set up for sign-in (two-step verification). */
  mfaFactors: z.array(z.enum(MFA_TYPES)),
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const USER_SORT_FIELDS = ['email', 'firstName', 'lastName', 'role', 'status', 'createdAt', 'lastSignInAt'] as const;

export const UserListFilterSchema = z.object({
  filter: z.string().trim().max(100).optional().describe('Matches name or email, case-insensitive'),
  role: RoleNameSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
});

export const PhoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'must be in international format, e.g. +15125550123');

const NameSchema = z.string().trim().min(1, 'is required').max(80);

export const CreateUserBodySchema = z.object({
  email: EmailSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  role: RoleNameSchema,
  phoneNumber: PhoneNumberSchema.optional(),
  /** Invited users set up two-step verification at first sign-in unless this is false. */
  requireMfa: z.boolean().default(true),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/**
 * PATCH /users/{id}: a Company Admin changes a user's role in their company, switches them off
 * there or on again. Either or both; a company always keeps one enabled Company Admin.
 */
export const UpdateUserBodySchema = z
  .strictObject({
    role: RoleNameSchema.optional(),
    enabled: z.boolean().optional().describe('false switches the user off in this company: their sessions end at once and sign-in refuses them'),
  })
  .refine((body) => body.role !== undefined || body.enabled !== undefined, { message: 'give role, enabled or both', path: ['role'] });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** Stable codes of PATCH /users/{id}'s refusals. */
export const USER_ERROR_CODES = {
  /** The change would leave the company without an enabled Company Admin. */
  LastCompanyAdmin: 'LastCompanyAdmin',
  /** resendInvite to a user switched off in this company (or by an operator). */
  UserDisabled: 'UserDisabled',
} as const;
