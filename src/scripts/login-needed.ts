/** Only a path of this site: never a link that leads elsewhere after the login. */
const sitePath = /^\/(?![/\\])[\w\-/]*$/;

/**
 * The page to continue on, as stores/resume.ts keeps it (its `resumePoint`, read here without importing it: a module
 * the islands share would become a script request of its own on the start page). A test holds the two together.
 */
export function resumePath(storage: Pick<Storage, 'getItem'>): string | undefined {
  try {
    const point = JSON.parse(storage.getItem('segara:resume') ?? 'null') as { path?: unknown } | null;
    return typeof point?.path === 'string' && sitePath.test(point.path) ? point.path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The start page's boxes (components/home/LoginNeeded.astro):
 * - the address names the page a logged-out visitor was sent from (`?login=/my-booking`): "log in to open it",
 *   whose "Log in" returns there; the address is then cleaned, so a reload or a shared link does not say it again;
 * - a login session ended with a form open in this tab (stores/resume.ts): logged out, "Log in" returns to that
 *   form; logged in again (the header's dialog comes back here), "Continue where you were" leads to it.
 */
export function showLoginNeeded(): void {
  const url = new URL(window.location.href);
  const from = url.searchParams.get('login');
  if (from && sitePath.test(from)) {
    showLoginBox('[data-login-needed]', from);
    url.searchParams.delete('login');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return;
  }
  let path: string | undefined;
  try {
    path = resumePath(sessionStorage);
  } catch {
    return; // storage refused: nothing was kept
  }
  if (!path) return;
  // The readable session flag (islands/shared/session-hint.ts; importing it would make a script of its own).
  if (!/(?:^|;\s*)segara_account=1/.test(document.cookie)) {
    showLoginBox('[data-resume-login]', path);
    return;
  }
  const box = document.querySelector<HTMLElement>('[data-resume]');
  const link = box?.querySelector<HTMLAnchorElement>('[data-resume-link]');
  if (!box || !link) return;
  link.href = path;
  box.hidden = false;
}

function showLoginBox(selector: string, returnTo: string): void {
  const box = document.querySelector<HTMLElement>(selector);
  const link = box?.querySelector<HTMLAnchorElement>('[data-login-link]');
  if (!box || !link) return;
  link.href = `${link.pathname}?next=${encodeURIComponent(returnTo)}`;
  box.hidden = false;
}
