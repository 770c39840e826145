/** The anti-forgery token this site's pages send back with every change (the `segara_csrf` cookie's value). */
export function csrfToken(): string {
  const match = /(?:^|;\s*)segara_csrf=([^;]+)/.exec(document.cookie);
  return match?.[1] ?? '';
}
