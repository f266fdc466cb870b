import { z } from 'zod';

/**
 * The owner's first-run checklist (issue 26): the four steps that turn a fresh install into a
 * working club, each ticked off by what the school's data shows, not by a click.
 */
export const setupChecklistSchema = z
  .object({
    /** The owner has set a password of their own since the account was made at first start. */
    passwordChanged: z.boolean(),
    /** At least one group exists. */
    groupCreated: z.boolean(),
    /** At least one activated student is in a group (joined by code, imported, or let in). */
    classBroughtIn: z.boolean(),
    /** At least one task has been posted. */
    taskPosted: z.boolean(),
  })
  .meta({ id: 'SetupChecklist', description: "The owner's first-run checklist: which of the four set-up steps the school's data shows as done." });
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
