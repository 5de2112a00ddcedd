// Query-string values shared by the lists: "true"/"false" flags and date bounds.
import { z } from 'zod';

export const QueryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Whether YYYY-MM-DD (the first ten characters) names a day of the calendar (no 2026-02-30). */
export const isCalendarDate = (value: string) => {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const DateBoundSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2}))?$/, 'must be a date (YYYY-MM-DD) or an ISO date-time')
  .refine((value) => isCalendarDate(value) && Number.isFinite(Date.parse(value)), 'is not a real date');
