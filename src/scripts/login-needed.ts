/**
 * Shows the start page's "log in to open it" (components/home/LoginNeeded.astro) when the address names the page a
 * logged-out visitor was sent from (`?login=/my-booking`): its "Log in" returns there after the login. The address
 * is then cleaned, so a reload or a shared link does not say it again.
 */
export function showLoginNeeded(): void {
  const url = new URL(window.location.href);
  const from = url.searchParams.get('login');
  const box = document.querySelector<HTMLElement>('[data-login-needed]');
  const link = box?.querySelector<HTMLAnchorElement>('[data-login-link]');
  // Only a path of this site: never a link that leads elsewhere after the login.
  if (!from || !/^\/(?![/\\])[\w\-/]*$/.test(from) || !box || !link) return;
  link.href = `${link.pathname}?next=${encodeURIComponent(from)}`;
  box.hidden = false;
  url.searchParams.delete('login');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
