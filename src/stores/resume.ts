/**
 * "Continue where you were": when a login session ends while an account form is open, the form's draft (never a
 * password) is kept in this tab with the page it was typed on; the start page offers to log in again and come back
 * (components/home/LoginNeeded.astro), and the form there takes the draft. Kept in sessionStorage only: it ends
 * with the tab, so a passport number typed into a saved passenger never outlives the browsing session.
 */

/** The storage key of a form's draft (islands/shared/form-state.ts writes and takes them). */
export const draftStorageKey = (key: string) => `segara:draft:${key}`;

/** Where the resume point is kept (scripts/login-needed.ts reads it by this key too). */
export const RESUME_RECORD_KEY = 'segara:resume';

export interface ResumePoint {
  /** The page the form was on, with its language. */
  path: string;
  /** The draft's key: it names the account (an opaque tag), so another account that logs in never gets it. */
  draftKey: string;
}

/** Keeps the form's values and its page for after the next login; fields whose name says password are left out. */
export function keepResumePoint(point: ResumePoint, values: Record<string, unknown>): void {
  const kept = Object.fromEntries(
    Object.entries(values).filter(([name]) => !/password|csrf|token/i.test(name)),
  );
  try {
    sessionStorage.setItem(draftStorageKey(point.draftKey), JSON.stringify(kept));
    sessionStorage.setItem(RESUME_RECORD_KEY, JSON.stringify(point));
  } catch {
    // Storage refused (private mode, full): the session still ends as it must; only the draft is not kept.
  }
}

/** The page to continue on, if a session ended with a form open in this tab. */
export function resumePoint(): ResumePoint | undefined {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(RESUME_RECORD_KEY) ?? 'null',
    ) as Partial<ResumePoint> | null;
    // Only a path of this site: never a link that leads elsewhere.
    return typeof value?.path === 'string' &&
      /^\/(?![/\\])[\w\-/]*$/.test(value.path) &&
      typeof value.draftKey === 'string'
      ? { path: value.path, draftKey: value.draftKey }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Forgets the resume point and its draft: once its page is open again (whoever logged in: another account's form
 * never shows it, and it goes from the tab), or at a logout.
 */
export function forgetResumePoint(path?: string): void {
  const point = resumePoint();
  if (!point || (path !== undefined && point.path !== path)) return;
  try {
    sessionStorage.removeItem(draftStorageKey(point.draftKey));
    sessionStorage.removeItem(RESUME_RECORD_KEY);
  } catch {
    // Nothing to do: storage refused.
  }
}
