import type { AppDeps } from '../deps.ts';
import { createApp } from './app.ts';
import { rememberClientAddress } from './client-address.ts';
import { compressResponse } from './compress.ts';

/** The API built once for the process's dependencies (the same object every request). */
const apps = new WeakMap<AppDeps, ReturnType<typeof createApp>>();

/** The API's answer to a request (src/pages/api/[...path].ts through Astro, whose middleware compresses it). */
export function answerApi(
  request: Request,
  clientAddress: string | undefined,
  deps: AppDeps,
): Promise<Response> {
  rememberClientAddress(request, clientAddress);
  let app = apps.get(deps);
  if (!app) apps.set(deps, (app = createApp(deps)));
  return Promise.resolve(app.fetch(request));
}

/** The same, compressed as the pages' middleware would: the API's door from the Node server (api-door.ts). */
export async function answerApiCompressed(
  request: Request,
  clientAddress: string | undefined,
  deps: AppDeps,
): Promise<Response> {
  return compressResponse(request, await answerApi(request, clientAddress, deps));
}
