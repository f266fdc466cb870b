/** What the generated-client journey (journey.ts) is given and answers. */

export interface Account {
  login: string;
  password: string;
}

export interface JourneyInput {
  baseUrl: string;
  teacher: Account;
  /** A new student who signs up during the journey. */
  student: Account & { name: string };
  taskImage: Blob;
  answerPhoto: Blob;
}

export interface JourneyResult {
  taskId: number;
  taskPoints: number;
  imageContentType: string | null;
  solutionReviewed: boolean;
  leaderboard: { rank: number; name: string; points: number; solved: number }[];
}
