// Tags a company puts on its orders. A tag is named per company; hidden tags still filter lists
// but are not offered when tagging.
import { z } from 'zod';

export const TAG_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'indigo', 'violet', 'pink'] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const TagNameSchema = z
  .string()
  .trim()
  // An empty name has one problem, not also "control characters".
  .min(1, { error: 'is required', abort: true })
  .max(40, 'must be at most 40 characters')
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

export const TagSchema = z.object({
  name: z.string(),
  color: z.string(),
  visible: z.boolean(),
});
export type Tag = z.infer<typeof TagSchema>;

export const CreateTagBodySchema = z.object({
  name: TagNameSchema,
  color: z.enum(TAG_COLORS).default('gray'),
  visible: z.boolean().default(true),
});
export type CreateTagBody = z.infer<typeof CreateTagBodySchema>;
