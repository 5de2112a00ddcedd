// Routes that answer documents (PDFs, CSV, text, zips) besides or instead of JSON say so once, in
// their options, `config: { answers: { 'application/pdf': 'binary', 'application/json': 'schema' } }`,
// and the OpenAPI document lists every media type of their 200 answer. Without it @fastify/swagger
// would document the 200 as JSON only (or not at all, for a route with no JSON answer), and a client
// generated from the document would not know a PDF can be asked for.
import type { FastifySchema } from 'fastify';

/**
 * What a 200 answer of this media type holds:
 * - `schema`: the route's declared 200 schema (JSON, or a JSON-shaped variant such as application/pdf+text);
 * - `binary`: file bytes (PDF, zip, xlsx);
 * - `text`: text (plain text, CSV).
 */
export type AnswerBody = 'schema' | 'binary' | 'text';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 200 answer's media types (chosen by `Accept`, or fixed), for the OpenAPI document. */
    answers?: Readonly<Record<string, AnswerBody>>;
  }
}

const BODY_SCHEMAS = {
  binary: { type: 'string', format: 'binary' },
  text: { type: 'string' },
} as const;

type TransformInput = { schema: FastifySchema; url: string; route: { config?: { answers?: Readonly<Record<string, AnswerBody>> } } };
type TransformResult = { schema?: FastifySchema; url?: string };

/**
 * Wraps the OpenAPI transform (zod → JSON Schema): a route that declares `answers` gets its 200
 * written as one `content` entry per media type. @fastify/swagger keeps a response's `content` as given.
 */
export function withDeclaredAnswers<I extends TransformInput, R extends TransformResult>(transform: (input: I) => R): (input: I) => R {
  return (input) => {
    const result = transform(input);
    const answers = input.route.config?.answers;
    if (!answers) return result;
    const schema = (result.schema ?? input.schema) as FastifySchema & { response?: Record<string, unknown> };
    const declared = schema.response?.[200] as { description?: string } | undefined;
    const content: Record<string, { schema: unknown }> = {};
    for (const [mediaType, body] of Object.entries(answers)) {
      if (body === 'schema' && !declared) throw new Error(`${input.url}: answers ${mediaType} with the 200 schema, but the route declares none`);
      content[mediaType] = { schema: body === 'schema' ? declared : BODY_SCHEMAS[body] };
    }
    const ok = { description: declared?.description ?? 'Default Response', content };
    return { ...result, schema: { ...schema, response: { ...schema.response, 200: ok } } };
  };
}
