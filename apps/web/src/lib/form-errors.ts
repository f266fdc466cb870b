import type { z } from 'zod';

/** First i18n key per field from a failed zod parse (the schemas' messages are keys). */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path.map(String).join('.') || '_';
    out[field] ??= issue.message;
  }
  return out;
}
