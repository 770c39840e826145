import type { Context, Next } from 'hono';
import type * as z from 'zod/mini';
import { issuesToErrors } from '../validation-errors.ts';
import { fieldErrors } from './errors.ts';

/**
 * A call's JSON body as a use case's schema reads it: `{ data }`, or `{ refused }` with the 400 already made (the
 * localized reasons by field, by whole path for nested payloads). A missing or broken body reads as `{}`, so each
 * required field says it is missing. Answers are never cached.
 */
export async function jsonBody<T>(c: Context, schema: z.ZodMiniType<T>, fullPath = false) {
  const parsed = schema.safeParse((await c.req.json().catch(() => undefined)) ?? {});
  c.header('Cache-Control', 'no-store');
  return parsed.success
    ? { data: parsed.data }
    : { refused: fieldErrors(c, issuesToErrors(parsed.error.issues, fullPath)) };
}

/**
 * Route middleware: the answer is private to its caller (a profile, passports), kept by no cache, unless the route
 * said itself how (a profile picture: private, revalidated). Given per path, as middleware of a sub-app mounted at
 * the root would reach every route registered after it.
 */
export async function noStore(c: Context, next: Next): Promise<void> {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
}
