import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';

/** The account a use case acts for; a guest reaching an account's use case is a 401 (the session ended). */
export function accountOf(ctx: Pick<UseCaseContext, 'actor'>): string {
  if (ctx.actor.kind !== 'account') throw refuse('session', 'session_expired');
  return ctx.actor.userId;
}
