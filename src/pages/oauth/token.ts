import type { APIRoute } from 'astro';
import { rememberClientAddress } from '../../server/http/client-address.ts';
import { createOAuthApp } from '../../server/http/oauth-app.ts';
import { runtimeDeps } from '../../server/runtime.ts';

export const prerender = false;

const app = createOAuthApp(runtimeDeps());

/** `POST /oauth/token` (RFC 6749): see server/http/oauth-app.ts. */
export const POST: APIRoute = ({ request, clientAddress }) => {
  rememberClientAddress(request, clientAddress);
  return app.fetch(request);
};
