/**
 * Whether this browser holds a session: the readable `segara_account=1` hint (no secret; the HttpOnly cookies
 * decide on the server). Pre-rendered pages and the cached profile go by it. Imported only by the notification
 * host's code (every island page loads it), so it adds no script request; the session store keeps its own copy
 * of this test for the same reason (importing it there would split it into a chunk of its own).
 */
export function sessionHinted(): boolean {
  return /(?:^|;\s*)segara_account=1/.test(document.cookie);
}
