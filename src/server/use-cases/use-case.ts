import type * as z from 'zod/mini';
import type { RefusalStatus } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';

/**
 * Who may call a use case's JSON route, and what the route reads to build its context (http/use-case-routes.ts):
 * - `guest`: anyone; the booking's unguessable id or the input is what gives access.
 * - `booking`: anyone, with what proves a booking beyond its link (grants in `X-Booking-Access`, a login).
 * - `guest-or-holder`: anyone; a logged-in browser showing its anti-forgery token acts as its account holder.
 * - `account`: an account holder (bearer token or this site's session), else 401.
 * - `client`: a registered application (its client token) or this site's own page, else 401.
 * - `browser`: this site's own page only (its cookies and anti-forgery token), else 401: a browser's login.
 * - `staff`: a signed-in staff member on this site's page (the staff cookie), else 401 (403 for a traveller); the
 *   use case checks the role (`staffOf`, staff-actor.ts).
 * - `device`: a gate device enrolled from the console (its token in `Authorization: Bearer`), else 401.
 */
export type Caller =
  'guest' | 'booking' | 'guest-or-holder' | 'account' | 'client' | 'browser' | 'staff' | 'device';

/** The JSON door of a use case: its API route (under `/api`), mounted from the registry with its contract. */
export interface JsonRoute<Input, Output> {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Hono's path under `/api`: `/bookings/:id/cancellation`. Its parameters go through the use case's `address`. */
  path: string;
  caller: Caller;
  /** The answer's status when the use case succeeds (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  /** The answer's JSON (the output itself unless said; nothing for 204). */
  answer?: (output: Output, ctx: UseCaseContext, input: Input) => unknown;
  /** The body is a multipart form with a picture (`image`), not JSON. */
  picture?: true;
}

/** The form door: a page's plain form posts the schema's fields (`formToInput`); success answers 303 to `next`. */
export interface FormDoor<Input, Output> {
  next: (output: Output, ctx: UseCaseContext, input: Input) => string;
}

/**
 * One use case, declared once: its input schema, what its address adds (a booking's id), `run`, and its doors. Both
 * doors are generated from this (http/use-case-routes.ts, http/form-post.ts, both through `runUseCase` in http/use-case-context.ts) and the API contract the fuzz suite
 * reads comes from it (http/contracts.ts), so a route cannot exist without its contract. Model: Astro's
 * `defineAction` (one declaration, a schema, a handler, called from a form or from code), without `astro:actions`.
 */
export interface UseCase<Schema extends z.ZodMiniType = z.ZodMiniType, Params = object, Output = unknown> {
  /** How the registry and the docs name it: `cancel-tickets`. */
  name: string;
  input: Schema;
  /** The address's parameters (a route's `:id`, a page's `[id]`) as input fields, refused (404) when malformed. */
  address?: (params: Record<string, string | undefined>) => Params;
  run: (ctx: UseCaseContext, input: z.output<Schema> & Params) => Promise<Output>;
  route?: JsonRoute<z.output<Schema> & Params, Output>;
  form?: FormDoor<z.output<Schema> & Params, Output>;
  /** Why it has no form door, when a page's plain form cannot be its caller (a gate device; a token for a script). */
  formless?: string;
  /** The statuses its refusals answer with, beyond 400 for bad input: the contract promises no other. */
  refusals: readonly RefusalStatus[];
  /** Errors keyed by their whole path (`passengers.0.fullName`) rather than by the top-level field. */
  fullPaths?: true;
}

/** Declares a use case; the type parameters are read from the declaration. */
export function defineUseCase<Schema extends z.ZodMiniType, Params = object, Output = void>(
  declaration: UseCase<Schema, Params, Output>,
): UseCase<Schema, Params, Output> {
  return declaration;
}

/** Any declared use case, as the registry and the doors hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own input and output types
export type AnyUseCase = UseCase<z.ZodMiniType, any, any>;
