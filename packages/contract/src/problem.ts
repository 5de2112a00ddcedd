// RFC 9457 problem details, as every API error is answered (DESIGN.md §4).
import { z } from 'zod';

export const ProblemFieldErrorSchema = z.object({
  path: z.string().describe('Where the bad value is: "body.email", "query.size", ...'),
  message: z.string(),
});

export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string().describe('A stable, machine-readable error code'),
  instance: z.string().optional(),
  errors: z.array(ProblemFieldErrorSchema).optional(),
  retryAfterSeconds: z.number().int().optional(),
  plugin: z.string().optional().describe('PluginNotEnabled: the company plugin the route needs'),
});
export type Problem = z.infer<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
