import type { APIRoute } from 'astro';
import type { AppDeps } from '../../server/deps.ts';
import { rememberClientAddress } from '../../server/http/client-address.ts';
import { createOAuthApp } from '../../server/http/oauth-app.ts';

export const prerender = false;

/** The token endpoint built once for the process's dependencies (the middleware's `locals.deps`). */
const apps = new WeakMap<AppDeps, ReturnType<typeof createOAuthApp>>();

/** `POST /oauth/token` (RFC 6749): see server/http/oauth-app.ts. */
export const POST: APIRoute = ({ request, clientAddress, locals }) => {
  rememberClientAddress(request, clientAddress);
  let app = apps.get(locals.deps);
  if (!app) apps.set(locals.deps, (app = createOAuthApp(locals.deps)));
  return app.fetch(request);
};
