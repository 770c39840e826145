import type { AstroCookies } from 'astro';
import type { AppDeps } from '../../src/server/deps.ts';
import type { PageAstro } from '../../src/server/http/pages/page-astro.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import type { TestBrowser } from './browser.ts';

/**
 * A console page's server half (`src/pages/[...locale]/staff/_name.ts`) asked for `path` (with its query string) by
 * a browser holding these cookies, as the page's frontmatter asks it: what the page would show, or the Response it
 * answers with (a redirect, a download), and the status it set. The middleware's part (locale, deps) is given.
 */
export async function openStaffPage<T>(
  serve: (astro: PageAstro) => Promise<T>,
  browser: TestBrowser,
  deps: AppDeps,
  path: string,
  locale: Locale = 'en',
): Promise<{ page: T; status: number }> {
  const url = new URL(path, 'http://localhost');
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const cookies = {
    get: (name: string) => {
      const value = browser.cookies.get(name);
      return value === undefined ? undefined : { value };
    },
    set: () => undefined,
    delete: () => undefined,
  } as unknown as AstroCookies;
  const response = { status: 200, headers: new Headers() };
  const astro = {
    request: new Request(url, { headers: { Cookie: cookie } }),
    url,
    params: {},
    locals: { locale, deps },
    cookies,
    response,
    clientAddress: '127.0.0.1',
    redirect: (to: string, status = 302) => new Response(null, { status, headers: { Location: to } }),
  } as unknown as PageAstro;
  const page = await serve(astro);
  return { page, status: page instanceof Response ? page.status : response.status };
}
