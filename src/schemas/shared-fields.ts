import * as z from 'zod/mini';
import { MAX_PARTY } from '../domain/passengers.ts';

/**
 * The tickets an after-sales form acts on (check in, reschedule, cancel), by their numbers as the order page lists
 * them: at least one, at most one per passenger and leg. `choose` and `unknown` are the form's own message keys.
 */
export function ticketChoice(choose: string, unknown: string) {
  return z
    .array(z.string().check(z.regex(/^[A-Z0-9-]{6,16}$/, unknown)))
    .check(z.minLength(1, choose), z.maxLength(MAX_PARTY * 2, choose));
}

/** A form checkbox ("on") or a JSON `true`: the agreement to the terms a change needs. */
export function agreement(message: string) {
  return z.pipe(
    z.transform((value: unknown) => value === true || value === 'on' || value === 'true'),
    z.literal(true, { error: message }),
  );
}
