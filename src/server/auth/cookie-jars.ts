import type { AstroCookies } from 'astro';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieJar } from './browser-session.ts';

/** A page's cookies (Astro) as the session reads and writes them. */
export function astroJar(cookies: AstroCookies): CookieJar {
  return {
    get: (name) => cookies.get(name)?.value,
    set: (name, value, options) => {
      cookies.set(name, value, options);
    },
    delete: (name, options) => {
      cookies.delete(name, options);
    },
  };
}

/** An API call's cookies (Hono) as the session reads and writes them. */
export function honoJar(c: Context): CookieJar {
  return {
    get: (name) => getCookie(c, name),
    set: (name, value, options) => {
      setCookie(c, name, value, options);
    },
    delete: (name, options) => {
      deleteCookie(c, name, options);
    },
  };
}
