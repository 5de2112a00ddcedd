// The app's guarded navigation (SPEC.md §2): internal paths go through the router, allowed
// external URLs get a full page load, everything else is refused with a clear error.
import { publicConfig } from '../../lib/public-config.ts';
import { classifyNavigation, UnsafeNavigationError } from '../../lib/safe-navigation.ts';
import { appRouter } from './app-router.ts';

export { EXTERNAL_NAVIGATION_ERROR, UnsafeNavigationError } from '../../lib/safe-navigation.ts';

export interface SafeNavigateOptions {
  /** Allow this URL even though it leaves the portal and is not in allowedExternalHosts. */
  external?: boolean;
  replace?: boolean;
}

export const fullPageLoad = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};

function allowedExternalHosts(): readonly string[] {
  try {
    return publicConfig().allowedExternalHosts;
  } catch {
    return [];
  }
}

/**
 * Navigates to `url`, or throws UnsafeNavigationError:
 * - javascript:, data:, blob:, vbscript: → refused always;
 * - another origin → refused ('Navigating to an external URL is not allowed by default') unless
 *   `external` is set or the host is in publicConfig().allowedExternalHosts; then a full page load.
 */
export async function safeNavigate(url: string, options: SafeNavigateOptions = {}): Promise<void> {
  const target = classifyNavigation(url, { external: options.external, allowedExternalHosts: allowedExternalHosts() });
  if (target.external) {
    if (options.replace) fullPageLoad.replace(target.href);
    else fullPageLoad.assign(target.href);
    return;
  }
  await appRouter().navigate({ href: target.href, replace: options.replace });
}

/** The href to render for a link, or undefined when it must not be followed (logged, not thrown). */
export function safeHref(url: string, options: Pick<SafeNavigateOptions, 'external'> = {}): string | undefined {
  try {
    return classifyNavigation(url, { external: options.external, allowedExternalHosts: allowedExternalHosts() }).href;
  } catch (error) {
    if (error instanceof UnsafeNavigationError) {
      console.error(`${error.message}: ${url}`);
      return undefined;
    }
    throw error;
  }
}
