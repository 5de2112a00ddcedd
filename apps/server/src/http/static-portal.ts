// Serves the built portal: hashed assets cached forever, index.html and the build manifest never,
// and the SPA fallback for client routes. API and asset misses stay problem 404s (405s for a known
// API path asked with a method it does not take).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendProblem } from './problem-handler.ts';
import type { RouteTable } from './method-not-allowed.ts';

export function readBuildId(staticDir: string | undefined): string {
  if (!staticDir) return 'development';
  try {
    return (JSON.parse(readFileSync(join(staticDir, 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
  } catch {
    return 'development';
  }
}

export async function registerStaticPortal(app: FastifyInstance, staticDir: string) {
  const indexPath = join(staticDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built portal at ${staticDir}: run "npm run build" first. The API still runs.`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    setHeaders: (reply, path) => {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  return true;
}

export function spaFallback(app: FastifyInstance, staticDir: string | undefined, hasPortal: boolean, routes?: RouteTable) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/api/') || path.startsWith('/hub/');
    const allowed = isApi ? (routes?.allowedMethods(path) ?? []) : [];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(reply, request, { status: 405, code: 'MethodNotAllowed', detail: `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.` });
    }
    const isAsset = path.startsWith('/assets/') || path.startsWith('/builds/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (isApi || isAsset || !hasPortal || !staticDir || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendProblem(reply, request, { status: 404, code: 'NotFound', detail: `No route for ${request.method} ${path}.` });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
