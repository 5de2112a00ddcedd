// JSON bodies: Fastify's own parser (prototype-poisoning refused), except that an empty body is no
// body. Fetch clients send `Content-Type: application/json` by habit, also on a POST that takes no
// body (sign-out, resend an invitation): that must be answered like the same POST without the header.
// An endpoint that needs a body still refuses it: its schema then sees no body and names `body`.
import type { FastifyInstance } from 'fastify';

export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
