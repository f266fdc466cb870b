/** Resolves with the task's result, but not before `ms` have passed (SEED.md §9 minimum loading). */
export async function withMinDuration<T>(task: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.allSettled([task, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
