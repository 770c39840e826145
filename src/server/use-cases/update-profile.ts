import { eq } from 'drizzle-orm';
import { agencyToday } from '../../domain/agency.ts';
import { profileSchema, type ProfileInput } from '../../schemas/account.ts';
import { users } from '../db/schema/accounts.ts';
import { refuse } from '../validation-errors.ts';
import { accountOf } from './account-actor.ts';
import { localizePath } from '../../i18n/locales.ts';
import { holderProfile } from '../services/profile.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Saves the profile (`PUT /api/profile`, `/my-account`): name, phone, gender, date of birth, nationality. The
 * account's e-mails follow the language it was saved in. A date of birth is a day that has been (in Batam).
 */
async function run(ctx: UseCaseContext, input: ProfileInput): Promise<void> {
  const userId = accountOf(ctx);
  const now = ctx.clock();
  if (input.dateOfBirth > agencyToday(now) || input.dateOfBirth < '1900-01-01')
    throw refuse('dateOfBirth', 'account_error_birth_date_future');
  await ctx.db
    .update(users)
    .set({ ...input, locale: ctx.locale, updatedAt: now })
    .where(eq(users.id, userId));
}

export const updateProfile = defineUseCase({
  name: 'update-profile',
  input: profileSchema,
  run,
  route: { method: 'PUT', path: '/profile', caller: 'account', answer: (_saved, ctx) => holderProfile(ctx) },
  form: { next: (_saved, ctx) => `${localizePath('/my-account', ctx.locale)}?saved` },
  refusals: [401, 403, 422],
});
