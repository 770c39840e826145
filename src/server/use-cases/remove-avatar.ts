import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { avatars } from '../db/schema/accounts.ts';
import { accountOf } from './account-actor.ts';
import { localizePath } from '../../i18n/locales.ts';
import { holderProfile } from '../services/profile.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/** Removes the profile picture (My account, "Remove picture"): the initials show again. Nothing to remove is fine. */
async function remove(ctx: UseCaseContext): Promise<void> {
  await ctx.db.delete(avatars).where(eq(avatars.userId, accountOf(ctx)));
}

export const removeAvatar = defineUseCase({
  name: 'remove-avatar',
  input: z.object({}),
  run: remove,
  route: {
    method: 'DELETE',
    path: '/profile/avatar',
    caller: 'account',
    answer: (_removed, ctx) => holderProfile(ctx),
  },
  form: { next: (_removed, ctx) => `${localizePath('/my-account', ctx.locale)}?picture-removed` },
  refusals: [401, 403],
});
