import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { localizePath } from '../../i18n/locales.ts';
import { savedPassengers } from '../db/schema/accounts.ts';
import { refuse } from '../validation-errors.ts';
import { accountOf } from './account-actor.ts';
import { passengerAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/** Removes one passenger from the account's list; another account's (or none) is "not found". */
async function remove(ctx: UseCaseContext, { id }: { id: string }): Promise<void> {
  const userId = accountOf(ctx);
  const removed = await ctx.db
    .delete(savedPassengers)
    .where(and(eq(savedPassengers.id, id), eq(savedPassengers.userId, userId)))
    .returning({ id: savedPassengers.id });
  if (removed.length === 0) throw refuse('passenger', 'api_passenger_not_found');
}

export const deletePassenger = defineUseCase({
  name: 'delete-passenger',
  input: z.object({}),
  address: passengerAddress,
  run: remove,
  route: { method: 'DELETE', path: '/passengers/:id', caller: 'account', status: 204 },
  form: { next: (_deleted, ctx) => `${localizePath('/passenger-list', ctx.locale)}?deleted` },
  refusals: [401, 403, 404],
});
