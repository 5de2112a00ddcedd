// The single sign-on form's values, checked with the contract's own schema (the server's rules),
// and the server's field errors put back on the fields.
import type { UseFormReturnType } from '@mantine/form';
import type { RoleName } from '@clearlane/contract/enums';
import { SsoConfigBodySchema, type SsoConfig, type SsoConfigBody } from '@clearlane/contract/sso';
import type { ApiError } from '../../../lib/api-error.ts';

export interface SsoValues {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomains: string[];
  roleClaim: string;
  roleMapping: { value: string; role: RoleName }[];
  jitEnabled: boolean;
  defaultRole: RoleName;
  requireSso: boolean;
  breakGlassEmail: string;
}

export function valuesOf(config: SsoConfig | null): SsoValues {
  return {
    enabled: config?.enabled ?? true,
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecret: '',
    emailDomains: config?.emailDomains ?? [],
    roleClaim: config?.roleClaim ?? '',
    roleMapping: config?.roleMapping ?? [],
    jitEnabled: config?.jitEnabled ?? false,
    defaultRole: config?.defaultRole ?? 'Viewer',
    requireSso: config?.requireSso ?? false,
    breakGlassEmail: config?.breakGlassEmail ?? '',
  };
}

/** The request body: an empty secret field keeps the stored secret; empty optional fields are null. */
export function bodyOf(values: SsoValues): SsoConfigBody {
  return {
    enabled: values.enabled,
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
    emailDomains: values.emailDomains,
    roleClaim: values.roleClaim.trim() || null,
    roleMapping: values.roleMapping,
    jitEnabled: values.jitEnabled,
    defaultRole: values.defaultRole,
    requireSso: values.requireSso,
    breakGlassEmail: values.breakGlassEmail.trim() || null,
  };
}

/** Form path of an issue's or a problem's path: emailDomains.2 → emailDomains (one field holds them all). */
function fieldOf(path: (string | number)[]): string {
  const [first, ...rest] = path;
  if (first === 'emailDomains') return 'emailDomains';
  return [first, ...rest].join('.');
}

const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

export function validateSso(values: SsoValues): Record<string, string> {
  const parsed = SsoConfigBodySchema.safeParse(bodyOf(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path as (string | number)[]);
    errors[field] ??= sentence(issue.message);
  }
  return errors;
}

export function placeServerErrors(form: UseFormReturnType<SsoValues>, error: ApiError): boolean {
  let placed = false;
  for (const problem of error.fieldErrors) {
    if (!problem.path.startsWith('body.')) continue;
    form.setFieldError(fieldOf(problem.path.slice('body.'.length).split('.')), sentence(problem.message));
    placed = true;
  }
  return placed;
}
