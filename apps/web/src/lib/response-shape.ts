// Light checks for the reads the arena makes without zod (see features/arena/api): the server
// builds those answers from the shared schemas, so only the outer shape is checked here, enough
// that an unexpected answer becomes the page's 'failed to load' message instead of a crash.

/** A list endpoint's answer. */
export function asList<T>(data: unknown): T[] {
  if (!Array.isArray(data)) throw new Error('Unexpected answer from the server: not a list');
  return data as T[];
}

/** An object endpoint's answer that has these list fields. */
export function asObjectWithLists<T>(data: unknown, ...lists: string[]): T {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || lists.some((key) => !Array.isArray((data as Record<string, unknown>)[key]))) {
    throw new Error('Unexpected answer from the server');
  }
  return data as T;
}
