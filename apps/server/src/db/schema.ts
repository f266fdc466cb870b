import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Only types both SQLite and PostgreSQL agree on:
 * booleans are integers 0/1, timestamps ISO-8601 UTC text written by the app.
 */
export interface DB {
  users: UsersTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  tasks: TasksTable;
  solutions: SolutionsTable;
  revoked_tokens: RevokedTokensTable;
  live_events: LiveEventsTable;
  notifications: NotificationsTable;
  achievements_announced: AchievementsAnnouncedTable;
  feedback_snippets: FeedbackSnippetsTable;
  change_counters: ChangeCountersTable;
  change_counter_shards: ChangeCounterShardsTable;
  server_instances: ServerInstancesTable;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  /** lower(trim(login)): the unique, case-insensitive key logins are looked up by. */
  login_key: string;
  password_hash: string;
  name: string;
  role: string;
  activated: number;
  grade: number | null;
  grade_letter: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Tokens issued before this ISO time are refused (set on password changes, resets, deactivation
   * and reactivation); null: none refused.
   */
  sessions_valid_after: string | null;
  /** 1 for the school's owner (PRODUCT.md §16), at most one row (a partial unique index). */
  owner: Generated<number>;
  /** ISO time a teacher turned the account off; null while active or never activated (issue 26). */
  deactivated_at: Generated<string | null>;
}

/** Tokens ended by a logout before their expiry (PRODUCT.md §16); rows go once the token has expired. */
export interface RevokedTokensTable {
  /** The token's jti claim. */
  jti: string;
  user_id: number;
  /** The token's own expiry (ISO); after it the token is refused anyway and the row can go. */
  expires_at: string;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  /** groupNameKey(name): NFKC, invisible characters dropped, trimmed, lower case; unique. */
  name_key: string;
  created_at: string;
  /** Random; the live join code is an HMAC of it under the server secret (PRODUCT.md §13). Null: no code yet. */
  join_code_nonce: string | null;
  /** HMAC of the live join code, unique: what an entered code is looked up by. */
  join_code_hash: string | null;
  /** 1: students join only by code. */
  closed: Generated<number>;
  /** 1: a sign-up through the join link is activated at once. */
  activate_on_join: Generated<number>;
  /** 1: students see "first name + initial" on the group's leaderboards. */
  leaderboard_short_names: Generated<number>;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

export interface TasksTable {
  id: Generated<number>;
  title: string;
  text: string;
  level: string;
  points: number;
  /** Null only for soft-deleted tasks whose group was deleted afterwards. */
  group_id: number | null;
  author_id: number;
  image_key: string | null;
  created_at: string;
  deleted_at: string | null;
  /** none | number | expression | set | text (PRODUCT.md §9); none: no key, judged by hand. */
  answer_kind: Generated<string>;
  /** The teacher's key as typed; null when answer_kind is none. Never shown to students. */
  answer_key: string | null;
  /** Only for number keys: how far an answer may be from the key; 0 = exact. */
  tolerance: Generated<number>;
  /** manual | suggest | auto: what the checker's verdict does. */
  check_mode: Generated<string>;
  /** ISO instant students first see the task; null: at once (PRODUCT.md §10). */
  opens_at: string | null;
  /** ISO instant after which no solutions are accepted; null: never. */
  closes_at: string | null;
}

export interface SolutionsTable {
  id: Generated<number>;
  task_id: number;
  author_id: number;
  answer: string;
  image_key: string | null;
  reviewed: number;
  correct: number;
  feedback: string | null;
  created_at: string;
  reviewed_at: string | null;
  reviewer_id: number | null;
  /**
   * The checker's verdict (correct | incorrect | unsure) when the task had a key and the answer
   * text; null otherwise. Kept as given at submission: changing the key later does not rejudge.
   */
  auto_verdict: string | null;
  /** 1 when the checker's verdict is the final one (auto mode, reviewer_id null); 0 otherwise. */
  judged_by_checker: Generated<number>;
  /** The teacher's marks on the photo (PRODUCT.md §14) as JSON text, validated on the way in; null: none. */
  annotations: string | null;
}

/** An event for the live streams (PRODUCT.md §12), kept a day so a stream can resume after it. */
export interface LiveEventsTable {
  id: Generated<number>;
  /** user | group_students | group_teachers: who may receive it (audience_id names the user or group). */
  audience: string;
  audience_id: number;
  kind: string;
  /** The event's JSON data as streams send it. */
  payload: string;
  created_at: string;
}

/** One user's notification; pruned after NOTIFICATION_RETENTION_DAYS. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** JSON: the kind's facts (task, solution, verdict, feedback, author, achievement). */
  payload: string;
  created_at: string;
  read_at: string | null;
}

/** A teacher's saved comment (PRODUCT.md §15); `uses` counts the verdicts that put it in. */
export interface FeedbackSnippetsTable {
  id: Generated<number>;
  teacher_id: number;
  /** 1–500 characters, trimmed; may hold math ($…$), stored as typed. */
  text: string;
  uses: Generated<number>;
  created_at: string;
}

/** Achievements a student has been told about (each is announced once). */
export interface AchievementsAnnouncedTable {
  user_id: number;
  code: string;
  created_at: string;
}

/**
 * How often each scope's data has changed, moved by triggers (migrations 2026112590, 2026112700):
 * the read caches' change tokens (db/change-tokens.ts). kind 'r' (id 0): users, groups,
 * memberships; 'k': a group's tasks (id 0: every task); 'g': the solutions of a group's tasks;
 * 'p': a group's points; 'u': a student's own solutions; 't': one task's solutions. 's' (id 0):
 * roster and tasks together, kept moving for the previous release only.
 */
export interface ChangeCountersTable {
  kind: string;
  id: number;
  version: number;
}

/** More of a scope's counter, moved by writers that found its row held (migration 2026112800). */
export interface ChangeCounterShardsTable {
  kind: string;
  id: number;
  shard: number;
  version: number;
}

/** The instances using a PostgreSQL database and their last heartbeats (db/pg-sole-instance.ts). */
export interface ServerInstancesTable {
  id: string;
  application_name: string;
  seen_at: string;
  stopped_at: string | null;
}
