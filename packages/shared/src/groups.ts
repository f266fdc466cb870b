import { z } from 'zod';
import { GROUP_NAME_MAX } from './constants.js';
import { hasNoHiddenCharacters, hasNoStackedMarks } from './fields.js';

/** A club or class (PRODUCT.md §3). */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
}).meta({ id: 'Group', description: 'A club or class.' });
export type Group = z.infer<typeof groupSchema>;

/** GET /api/groups row: the group plus what keeps it from being deleted. */
export const groupSummarySchema = groupSchema.extend({
  studentCount: z.number().int(),
  teacherCount: z.number().int(),
  taskCount: z.number().int(),
}).meta({ id: 'GroupSummary', description: 'A group with the counts that keep it from being deleted.' });
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/**
 * POST /api/groups and PATCH /api/groups/{id} body. Names are unique after Unicode normalisation
 * (NFKC and case folding, on the server), and hold no control or invisible characters.
 */
export const groupNameSchema = z.object({
  name: z
    .string({ error: 'groups.error.nameRequired' })
    .trim()
    .min(1, 'groups.error.nameRequired')
    .max(GROUP_NAME_MAX, 'groups.error.nameTooLong')
    .refine((name) => hasNoHiddenCharacters(name) && hasNoStackedMarks(name), 'groups.error.nameInvalid'),
});
export type GroupNameInput = z.infer<typeof groupNameSchema>;
