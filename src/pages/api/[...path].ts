import type { APIRoute } from 'astro';
import type { AppDeps } from '../../server/deps.ts';
import { createApp } from '../../server/http/app.ts';
import { rememberClientAddress } from '../../server/http/client-address.ts';

export const prerender = false;

/** The API built once for the process's dependencies (the middleware's `locals.deps`, the same every request). */
const apps = new WeakMap<AppDeps, ReturnType<typeof createApp>>();

export const ALL: APIRoute = ({ request, clientAddress, locals }) => {
  rememberClientAddress(request, clientAddress);
  let app = apps.get(locals.deps);
  if (!app) apps.set(locals.deps, (app = createApp(locals.deps)));
  return app.fetch(request);
};
