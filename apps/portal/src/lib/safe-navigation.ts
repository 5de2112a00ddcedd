// Navigation safety (SPEC.md §2 "Access guard"): an external URL is refused unless it is allowed,
// and script-bearing schemes are refused always. Also the gate of every ?redirect= we honour.

export const EXTERNAL_NAVIGATION_ERROR = 'Navigating to an external URL is not allowed by default';
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'blob:', 'vbscript:']);

export class UnsafeNavigationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeNavigationError';
  }
}

export interface NavigationTarget {
  /** True when the URL leaves this origin (full page load needed). */
  external: boolean;
  /** For an internal target: path + search + hash; for an external one: the absolute URL. */
  href: string;
}

export interface ClassifyOptions {
  /** Explicitly allow this external URL. */
  external?: boolean;
  /** Hosts (hostname, or hostname:port) external navigation may always reach. */
  allowedExternalHosts?: readonly string[];
  origin?: string;
}

function currentOrigin() {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

/**
 * Decides where a URL goes, or throws UnsafeNavigationError. Control characters and whitespace
 * are removed first, because browsers ignore them too ("java\tscript:" is still javascript:).
 */
export function classifyNavigation(url: string, options: ClassifyOptions = {}): NavigationTarget {
  const origin = options.origin ?? currentOrigin();
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f]/g, '');
  let parsed: URL;
  try {
    parsed = new URL(cleaned, origin);
  } catch {
    throw new UnsafeNavigationError(`Not a valid URL: ${url}`);
  }
  if (FORBIDDEN_SCHEMES.has(parsed.protocol)) {
    throw new UnsafeNavigationError(`Links with the ${parsed.protocol.slice(0, -1)} scheme are not allowed`);
  }
  if (parsed.origin === origin) return { external: false, href: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  const allowed =
    options.external === true ||
    (options.allowedExternalHosts ?? []).some((host) => host.toLowerCase() === parsed.host || host.toLowerCase() === parsed.hostname);
  if (!allowed) throw new UnsafeNavigationError(EXTERNAL_NAVIGATION_ERROR);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:' && parsed.protocol !== 'mailto:' && parsed.protocol !== 'tel:') {
    throw new UnsafeNavigationError(`Links with the ${parsed.protocol.slice(0, -1)} scheme are not allowed`);
  }
  return { external: true, href: parsed.href };
}

/**
 * A ?redirect= value made safe: only a path on this origin (never another host, never a
 * protocol-relative "//evil.example"); anything else becomes '/'.
 */
export function safeRedirectPath(value: unknown, origin = currentOrigin()): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  try {
    const target = classifyNavigation(value, { origin });
    return target.external ? '/' : target.href;
  } catch {
    return '/';
  }
}
