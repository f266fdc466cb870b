import { z } from 'zod';
import { isoDateSchema } from './fields.js';

/** A cell's state (PRODUCT.md §11): judged correct, judged incorrect (no correct one yet), waiting for review, or never answered. */
export const GRADEBOOK_STATES = ['correct', 'incorrect', 'waiting', 'none'] as const;
export const gradebookStateSchema = z.enum(GRADEBOOK_STATES);
export type GradebookState = z.infer<typeof gradebookStateSchema>;

/** One student × task pair. `points`: what the task earned the student (its points and bonuses, as on the leaderboard). */
export const gradebookCellSchema = z.object({
  studentId: z.number().int(),
  taskId: z.number().int(),
  state: gradebookStateSchema,
  /** Solutions the student sent to the task. */
  attempts: z.number().int(),
  points: z.number().int(),
}).meta({ id: 'GradebookCell' });
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

/**
 * GET /api/groups/{id}/gradebook (PRODUCT.md §11): the group's activated students by name, its
 * live tasks oldest first, and a cell for every student × task pair (students × tasks cells, task
 * by task: the first task's column in student order, then the next task's — the server patches a
 * column when a verdict changes it).
 */
export const gradebookSchema = z.object({
  students: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tasks: z.array(z.object({ id: z.number().int(), title: z.string(), points: z.number().int() })),
  cells: z.array(gradebookCellSchema),
}).meta({ id: 'Gradebook', description: "A group's students × tasks matrix with every pair's state, attempts and points; cells task by task (each task's column in the students' order)." });
export type Gradebook = z.infer<typeof gradebookSchema>;

/** GET /api/groups/{id}/gradebook/weeks: solutions the group's students sent per week (weeks start on Monday in the school's time zone). */
export const gradebookWeekSchema = z.object({
  /** The week's Monday 00:00 in SCHOOL_TIME_ZONE, as an ISO instant. */
  weekStart: isoDateSchema,
  solutions: z.number().int(),
}).meta({ id: 'GradebookWeek' });
export const gradebookWeeksSchema = z.array(gradebookWeekSchema);
export type GradebookWeek = z.infer<typeof gradebookWeekSchema>;
/** How many weeks the chart shows, the current one included. */
export const GRADEBOOK_WEEKS = 12;

/** GET /api/school: what every page needs to know about the school's set-up. */
export const schoolInfoSchema = z.object({
  /** IANA zone (SCHOOL_TIME_ZONE) in which times are shown and entered. */
  timeZone: z.string(),
}).meta({ id: 'SchoolInfo' });
export type SchoolInfo = z.infer<typeof schoolInfoSchema>;
