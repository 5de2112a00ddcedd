// Answers under /api and /hub carry tokens and personal data (users, drivers, orders, reports), so
// none may be kept by a browser or proxy cache unless its route says otherwise: every such answer is
// `Cache-Control: no-store` unless the route set its own header (public ones that may be cached: the
// system message, the public config, the OpenAPI document). docs/DECISIONS.md, "Requests and answers".
import type { FastifyInstance } from 'fastify';

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/hub/');

export function registerNoStoreDefault(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
