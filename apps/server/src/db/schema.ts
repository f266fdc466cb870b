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
}
