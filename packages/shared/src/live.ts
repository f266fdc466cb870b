import { z } from 'zod';
import { ACHIEVEMENT_CODES, NOTIFICATIONS_LIST_MAX } from './achievement-rules.js';
import { isoDateSchema } from './fields.js';
import type { solutionSchema } from './solutions.js';

/** What a notification tells (PRODUCT.md §12). */
/** `student.waiting` (issue 49): a sign-up through a group's code waits for that group's teachers. */
export const NOTIFICATION_KINDS = ['task.published', 'solution.judged', 'solution.submitted', 'achievement.earned', 'student.waiting'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const achievementCodeSchema = z.enum(ACHIEVEMENT_CODES);

/** One notification of the caller; the fields its kind does not use are null. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  createdAt: isoDateSchema,
  /** The task it is about (a new task, the task of a solution), as titled when it happened. */
  task: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  solutionId: z.number().int().nullable(),
  /** solution.judged: the verdict and the teacher's feedback. */
  correct: z.boolean().nullable(),
  feedback: z.string().nullable(),
  /** solution.judged: true when the teacher marked up the photo (PRODUCT.md §14); absent on older ones. */
  marked: z.boolean().nullable().optional(),
  /** solution.submitted: the student who answered. */
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** achievement.earned: which one. */
  achievement: z.literal([...ACHIEVEMENT_CODES, null]),
}).meta({ id: 'Notification', description: 'Something that happened for you: a new task, a verdict, an answer waiting, an achievement.' });
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, at most NOTIFICATIONS_LIST_MAX, and how many are unread in all. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema).max(NOTIFICATIONS_LIST_MAX),
  unread: z.number().int(),
}).meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

const IDS_ERROR = 'notifications.error.ids';

/** POST /api/notifications/read: mark these of your notifications read (others' ids are ignored). */
export const readNotificationsSchema = z.object({
  ids: z.array(z.number({ error: IDS_ERROR }).int(IDS_ERROR).positive(IDS_ERROR).max(2_147_483_647, IDS_ERROR), { error: IDS_ERROR }).min(1, IDS_ERROR).max(NOTIFICATIONS_LIST_MAX, IDS_ERROR),
});
export type ReadNotificationsInput = z.infer<typeof readNotificationsSchema>;

/** One achievement earned, with when (the time of the answer that earned it). */
export const earnedAchievementSchema = z.object({ code: achievementCodeSchema, earnedAt: isoDateSchema });
export type EarnedAchievement = z.infer<typeof earnedAchievementSchema>;

const streakSchema = z.object({ current: z.number().int(), best: z.number().int() });

/** GET /api/achievements: the caller's achievements (oldest first) and streaks. */
export const achievementsSchema = z.object({
  achievements: z.array(earnedAchievementSchema),
  streaks: z.object({ days: streakSchema, firstTry: streakSchema }),
}).meta({ id: 'Achievements', description: "A student's achievements with the date earned, and their streaks." });
export type Achievements = z.infer<typeof achievementsSchema>;

/** The kinds of live event on GET /api/events (the SSE `event:` field). */
export const LIVE_EVENT_KINDS = ['task.published', 'task.updated', 'task.closed', 'solution.submitted', 'solution.judged', 'achievement.earned', 'student.waiting'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * The JSON `data` of each live event. Task events name the task and group (clients refetch what they
 * show); a submitted solution is the teachers' view of it, a judged one its author's.
 */
export type LiveEventData =
  | { kind: 'task.published' | 'task.updated' | 'task.closed'; taskId: number; groupId: number; title: string }
  | { kind: 'solution.submitted'; solution: z.infer<typeof solutionSchema>; groupId: number; taskTitle: string }
  | { kind: 'solution.judged'; solution: z.infer<typeof solutionSchema>; taskTitle: string }
  | { kind: 'achievement.earned'; code: (typeof ACHIEVEMENT_CODES)[number] }
  | { kind: 'student.waiting'; groupId: number; student: { id: number; name: string } };
