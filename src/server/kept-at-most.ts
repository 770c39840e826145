/**
 * Keeps `value` under `key` in a process's memo, newest last: once `limit` keys are kept, the oldest kept goes
 * first. The memos it bounds (a search's answers, parsed queries, ranked Accept-Language headers, pages with a
 * notice, guessed countries) are filled from requests, which anyone can vary: this keeps them from growing without
 * end.
 */
export function keepAtMost<K, V>(kept: Map<K, V>, key: K, value: V, limit: number): void {
  kept.delete(key);
  if (kept.size >= limit) {
    const oldest = kept.keys().next();
    if (!oldest.done) kept.delete(oldest.value);
  }
  kept.set(key, value);
}
