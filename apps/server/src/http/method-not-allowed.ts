// A path that exists answered with a method it does not take is a 405 naming the methods it does take
// (RFC 9110 §15.5.6, with an Allow header), not a 404: the router only knows "no match", so the routes
// are recorded as they are declared and looked up when nothing matched.
import type { FastifyInstance } from 'fastify';

export class RouteTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(url: string, methods: string | string[]) {
    let known = this.byUrl.get(url);
    if (!known) {
      known = new Set();
      this.byUrl.set(url, known);
      this.routes.push({ pattern: patternOf(url), methods: known });
    }
    for (const method of [methods].flat()) known.add(method.toUpperCase());
  }

  /** The methods declared for a concrete path ("/api/v1/orders/123"), sorted; empty when no route matches it. */
  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    return [...methods].sort();
  }
}

/** "/orders/:id" and "/files/*" as a regular expression over a concrete path. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** Records every route declared after this call (register it before the routes). */
export function recordRoutes(app: FastifyInstance): RouteTable {
  const table = new RouteTable();
  app.addHook('onRoute', (route) => table.add(route.url, route.method));
  return table;
}
