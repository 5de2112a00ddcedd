// Application errors as SPEC.md §2 shows them: a status and a message. The page error store holds
// the one error the root view shows instead of the routed page (SPEC.md §4: it can be cleared,
// with an optional redirect).
import { useSyncExternalStore } from 'react';
import { AUTH_MESSAGES } from '@clearlane/contract/auth-messages';
import type { PluginName } from '@clearlane/contract/company';
import { PLUGIN_LABELS, PLUGIN_NOT_ENABLED, pluginNotEnabledMessage } from '@clearlane/contract/plugins';
import { ApiError, NetworkError } from '../../lib/api-error.ts';
import { readPersistedUser, UserSetupError } from '../../lib/current-user.ts';
import { FeatureNotEnabledError } from '../../lib/plugins.ts';
import { isBotUserAgent } from './bot-user-agent.ts';
import { PageNotFoundError } from './route-validity.ts';

export interface PageError {
  status: number;
  message: string;
  /** A heading of its own, when the status's words would not say what happened ("Businesses is not enabled for Acme"). */
  title?: string;
}

/** What a page of a switched-off feature explains under its heading. */
export const FEATURE_NOT_ENABLED_HELP = 'Your company administrator can ask Clearlane to switch it on.';

/** The heading of the error page: 404 and 401 have their own words, everything else shows status and message. */
export function errorHeading(error: PageError): { title: string; detail?: string } {
  if (error.title) return { title: error.title };
  if (error.status === 404) return { title: 'Page not found' };
  if (error.status === 401) return { title: 'Not Authorized' };
  return { title: 'An error occurred', detail: `${error.status} - ${error.message}` };
}

/** Turns anything thrown by a route, a loader or a query into what the error page shows. */
export function toPageError(error: unknown): PageError {
  if (error instanceof PageNotFoundError) return { status: 404, message: error.message };
  if (error instanceof UserSetupError) {
    const cause = error.cause;
    const status = cause instanceof ApiError && cause.status >= 500 ? cause.status : 500;
    return { status, message: AUTH_MESSAGES.userSetupFailed };
  }
  if (error instanceof FeatureNotEnabledError) return { status: 403, title: error.message, message: FEATURE_NOT_ENABLED_HELP };
  if (error instanceof ApiError && error.code === PLUGIN_NOT_ENABLED) {
    // The feature was switched off while the user was signed in (the guard read the older list).
    const plugin = error.plugin && Object.hasOwn(PLUGIN_LABELS, error.plugin) ? (error.plugin as PluginName) : undefined;
    const company = readPersistedUser()?.user.companyName ?? 'your company';
    return { status: 403, title: plugin ? pluginNotEnabledMessage(plugin, company).replace(/\.$/, '') : error.message, message: FEATURE_NOT_ENABLED_HELP };
  }
  if (error instanceof ApiError) {
    // A resource another company owns answers 404 by design; a 403 is a page the role may not see.
    if (error.status === 403) return { status: 401, message: error.message };
    return { status: error.status, message: error.message };
  }
  if (error instanceof NetworkError) return { status: 503, message: error.message };
  if (isPageError(error)) return { status: error.status, message: error.message };
  return { status: 500, message: 'Something went wrong on this page. Please try again.' };
}

function isPageError(value: unknown): value is PageError {
  return typeof value === 'object' && value !== null && typeof (value as PageError).status === 'number' && typeof (value as PageError).message === 'string';
}

type Listener = () => void;
let current: PageError | null = null;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

export interface PageErrorOptions {
  userAgent?: string;
}

/**
 * Shows the error page in place of the routed page. For crawlers the error is only logged: an
 * indexed error page helps nobody (SPEC.md §2).
 */
export function showError(error: PageError, options: PageErrorOptions = {}) {
  console.error(`Page error ${error.status}: ${error.message}`);
  if (isBotUserAgent(options.userAgent ?? navigator.userAgent)) return;
  current = { status: error.status, message: error.message, ...(error.title ? { title: error.title } : {}) };
  emit();
}

/** Clears the page error; with `redirect`, navigates there afterwards (through safeNavigate). */
export function clearError(options: { redirect?: string } = {}) {
  const hadError = current !== null;
  current = null;
  if (hadError) emit();
  if (options.redirect) {
    // Imported on demand: the redirect path needs the router, the store itself must not.
    void import('../navigation/safe-navigate.ts').then(({ safeNavigate }) => safeNavigate(options.redirect!));
  }
}

export function currentPageError(): PageError | null {
  return current;
}

export function subscribePageError(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePageError(): PageError | null {
  return useSyncExternalStore(subscribePageError, currentPageError, currentPageError);
}
