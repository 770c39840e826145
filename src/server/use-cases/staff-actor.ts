import { roleAllows, type StaffRole } from '../../domain/staff.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';

/** What the staff use cases run with: the database, the clock, the accounts' and the staff's secrets, the actor. */
export type StaffContext = Pick<UseCaseContext, 'db' | 'clock' | 'auth' | 'staff' | 'actor' | 'linkSecret'>;

/**
 * The staff member acting, if the actor may do work that needs `needed`: else 401 (no staff member signed in) or
 * 403 (a traveller, or an agent at an admin's work).
 */
export function staffOf(
  ctx: Pick<UseCaseContext, 'actor'>,
  needed: StaffRole,
): { staffId: string; role: StaffRole } {
  const { actor } = ctx;
  if (actor.kind === 'staff') {
    if (!roleAllows(actor.role, needed)) throw refuse('staff', 'staff_role_required');
    return { staffId: actor.staffId, role: actor.role };
  }
  if (actor.kind === 'account') throw refuse('staff', 'staff_role_required');
  throw refuse('staff', 'staff_sign_in_required');
}
