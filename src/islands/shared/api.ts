import type { Locale } from '../../i18n/locales.ts';
import { csrfToken } from '../../stores/csrf.ts';

export interface ApiAnswer {
  status: number;
  ok: boolean;
  body: { message?: string; errors?: Record<string, string[]>; data?: unknown; loggedIn?: boolean };
}

/**
 * One call to the site's API as an island makes it: JSON (or a file's form), the reader's language, the session cookie (sent by the
 * browser) and the anti-forgery header. Never throws for an HTTP answer; a network failure does.
 */
export async function callApi(
  path: string,
  options: { method?: string; json?: unknown; form?: FormData; locale: Locale },
): Promise<ApiAnswer> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Accept-Language': options.locale,
      'X-CSRF-Token': csrfToken(),
      ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
    // A file upload: the browser writes the multipart body and its Content-Type.
    ...(options.form ? { body: options.form } : {}),
  });
  const body = (await response.json().catch(() => ({}))) as ApiAnswer['body'];
  return { status: response.status, ok: response.ok, body };
}
