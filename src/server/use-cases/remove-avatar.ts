import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { avatars } from '../db/schema/accounts.ts';
import { accountOf } from './account-actor.ts';
import type { UseCaseContext } from './context.ts';

/** Removes the profile picture (My account, "Remove picture"): the initials show again. Nothing to remove is fine. */
async function remove(ctx: UseCaseContext): Promise<void> {
  await ctx.db.delete(avatars).where(eq(avatars.userId, accountOf(ctx)));
}

export const removeAvatar = { input: z.object({}), run: remove };
