import type { APIRoute } from 'astro';
import { createApp } from '../../server/http/app.ts';
import { rememberClientAddress } from '../../server/http/client-address.ts';
import { runtimeDeps } from '../../server/runtime.ts';

export const prerender = false;

const app = createApp(runtimeDeps());

export const ALL: APIRoute = ({ request, clientAddress }) => {
  rememberClientAddress(request, clientAddress);
  return app.fetch(request);
};
