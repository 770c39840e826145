import * as z from 'zod/mini';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Log out: this login's session ends on the server (its access and refresh tokens), and a browser's cookies go.
 * A browser whose session had already ended is simply forgotten (its cookies cleared); the API's caller must still
 * hold a live token (401 otherwise), as for any account call.
 */
async function run(ctx: UseCaseContext): Promise<void> {
  if (ctx.actor.kind === 'account' && ctx.actor.family)
    await ctx.auth.endFamily(ctx.db, ctx.actor.family, ctx.clock());
  ctx.session.logOut();
}

export const logOut = defineUseCase({
  name: 'log-out',
  input: z.object({}),
  run,
  route: { method: 'POST', path: '/logout', caller: 'account', status: 204 },
  form: { next: (_done, ctx) => localizePath('/', ctx.locale) },
  refusals: [401, 403],
});
