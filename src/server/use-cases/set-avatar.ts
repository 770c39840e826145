import * as z from 'zod/mini';
import { avatars } from '../db/schema/accounts.ts';
import { accountOf } from './account-actor.ts';
import { localizePath } from '../../i18n/locales.ts';
import { holderProfile } from '../services/profile.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/** The picture as sent (a file's bytes); what it is is read from the bytes themselves. */
const avatarInput = z.object({
  image: z.instanceof(Uint8Array, { error: 'avatar_error_missing' }),
});

/**
 * Saves the account holder's profile picture (`POST /api/profile/avatar`, My account): counted per account (each
 * upload is decoded and encoded again), made into the kept square WebP (images/avatar-image.ts), and replaces the
 * one before. Refusals: too big (413), not a picture or too many pixels (422), too many uploads (429).
 */
async function run(ctx: UseCaseContext, input: z.infer<typeof avatarInput>): Promise<void> {
  const userId = accountOf(ctx);
  await ctx.rateLimits.pictures.take(userId);
  const image = await ctx.images.avatarWebp(input.image);
  const updatedAt = ctx.clock();
  await ctx.db
    .insert(avatars)
    .values({ userId, image, updatedAt })
    .onConflictDoUpdate({ target: avatars.userId, set: { image, updatedAt } });
}

export const setAvatar = defineUseCase({
  name: 'set-avatar',
  input: avatarInput,
  run,
  route: {
    method: 'POST',
    path: '/profile/avatar',
    caller: 'account',
    picture: true,
    answer: (_saved, ctx) => holderProfile(ctx),
  },
  form: { next: (_saved, ctx) => `${localizePath('/my-account', ctx.locale)}?picture-saved` },
  refusals: [401, 403, 413, 422, 429],
});
