import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { browserSession } from '../auth/browser-effects.ts';
import { HOLD_COOKIE } from '../auth/browser-effects.ts';
import { honoJar } from '../auth/cookie-jars.ts';
import type { UseCaseContext } from '../use-cases/context.ts';
import { useCases } from '../use-cases/registry.ts';
import type { AnyUseCase, Caller } from '../use-cases/use-case.ts';
import { noBrowser, runUseCase, useCaseContext } from './use-case-context.ts';
import { issuesToErrors, refuse } from '../validation-errors.ts';
import type { AppDeps } from '../deps.ts';
import { bodyTooLarge, readPictureForm } from './body-limit.ts';
import {
  accountHolder,
  bookingCaller,
  callingClient,
  optionalAccount,
  staffCaller,
  gateDeviceCaller,
} from './credentials.ts';
import { fieldErrors } from './errors.ts';
import { jsonBody } from './json-body.ts';
import { isSameOrigin } from './same-origin.ts';
import { requestLocale } from './request-locale.ts';

interface Env {
  Variables: { ctx: UseCaseContext };
}

/**
 * The use cases' context for a call from `caller` (use-case.ts `Caller`): who acts, what proves a booking, and the
 * browser's cookies where the caller is a browser of ours. Checked before the body is read: a call without its
 * credential is a 401 whatever it sends.
 */
async function callerContext(c: Context, deps: AppDeps, caller: Caller): Promise<UseCaseContext> {
  const request = c.req.raw;
  // A guest's cookies count only from our own page: an API client keeping cookies (an agent's script holding seats
  // for several travellers) must not have one traveller's hold released into the next one's booking.
  const ownPage = isSameOrigin(request) && !c.req.header('Authorization');
  const browser = ownPage ? browserSession(honoJar(c), deps, request) : noBrowser;
  const heldHere = ownPage ? getCookie(c, HOLD_COOKIE) : undefined;
  const base = { locale: requestLocale(request), access: { grants: [], heldHere } };
  switch (caller) {
    case 'guest':
      return useCaseContext(deps, request, { ...base, session: browser });
    case 'booking': {
      const { actor, access } = await bookingCaller(c, deps);
      return useCaseContext(deps, request, {
        ...base,
        actor,
        access: { ...access, heldHere },
        session: browser,
      });
    }
    case 'guest-or-holder':
      return useCaseContext(deps, request, {
        ...base,
        actor: await optionalAccount(c, deps),
        session: browser,
      });
    case 'account': {
      const holder = await accountHolder(c, deps);
      const actor = { kind: 'account', userId: holder.userId, family: holder.family } as const;
      return useCaseContext(deps, request, {
        ...base,
        actor,
        session: holder.viaCookie ? browserSession(honoJar(c), deps, request) : noBrowser,
      });
    }
    case 'client': {
      const { viaCookie } = await callingClient(c, deps);
      const session = viaCookie ? browserSession(honoJar(c), deps, request) : noBrowser;
      return useCaseContext(deps, request, { ...base, session });
    }
    case 'browser': {
      if (!(await callingClient(c, deps)).viaCookie) throw refuse('client', 'api_client_required');
      return useCaseContext(deps, request, { ...base, session: browserSession(honoJar(c), deps, request) });
    }
    case 'device':
      return useCaseContext(deps, request, {
        ...base,
        actor: await gateDeviceCaller(c, deps),
        session: noBrowser,
      });
    case 'staff': {
      const actor = await staffCaller(c, deps);
      return useCaseContext(deps, request, {
        ...base,
        actor,
        session: browserSession(honoJar(c), deps, request),
      });
    }
  }
}

/**
 * The body as the use case's schema reads it, handed on as Hono's validated data (`c.req.valid('json')`): JSON, or
 * a multipart picture. Hono's own `validator('json')` answers broken JSON with a bare 400 and reads no body without
 * its Content-Type; here (json-body.ts) a missing or broken body reads as `{}`, so each required field says it is missing.
 */
function bodyOf(useCase: AnyUseCase): MiddlewareHandler {
  return async (c, next) => {
    const read = useCase.route?.picture
      ? await pictureBody(c, useCase)
      : await jsonBody(c, useCase.input, useCase.fullPaths === true);
    if (read instanceof Response) return read;
    if (!read.data) return read.refused;
    c.req.addValidatedData('json', read.data);
    await next();
    return undefined;
  };
}

/** A multipart picture (`image`) as the use case's schema reads it; a body over the limit is the 413 at once. */
async function pictureBody(c: Context, useCase: AnyUseCase) {
  const posted = await readPictureForm(c.req.raw);
  if (posted === 'tooLarge') return bodyTooLarge(c.req.raw, true);
  const parsed = useCase.input.safeParse(posted.image ? { image: posted.image } : {});
  return parsed.success
    ? { data: parsed.data }
    : { refused: fieldErrors(c, issuesToErrors(parsed.error.issues, useCase.fullPaths)) };
}

/**
 * The JSON door of every registered use case (use-cases/registry.ts): its route, its caller's context, its body
 * through its schema, its address's parameters, then `runUseCase` (which runs what the use case asked to happen
 * after it) and the answer it declares. Nothing here knows a use case by name.
 */
export function useCaseRoutes(deps: AppDeps) {
  const app = new Hono<Env>();
  for (const useCase of useCases) {
    const route = useCase.route;
    if (!route) continue;
    app.on(
      route.method,
      route.path,
      async (c, next) => {
        c.header('Cache-Control', 'no-store');
        c.set('ctx', await callerContext(c, deps, route.caller));
        await next();
      },
      bodyOf(useCase),
      async (c) => {
        const ctx = c.get('ctx');
        const body = c.req.valid('json' as never) as object;
        const params = useCase.address?.(c.req.param()) as object | undefined;
        const input: object = { ...body, ...params };
        const output: unknown = await runUseCase(useCase, ctx, input);
        if (route.status === 204) return c.body(null, 204);
        const answer: unknown = route.answer ? await route.answer(output, ctx, input) : output;
        return c.json(answer ?? {}, route.status ?? 200);
      },
    );
  }
  return app;
}
