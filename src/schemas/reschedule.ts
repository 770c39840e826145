import * as z from 'zod/mini';
import { agreement, ticketChoice } from './shared-fields.ts';

/**
 * Moving passengers of one leg onto another sailing of its route (docs/product-rules.md, Rescheduling): the
 * tickets, the sailing, how a different operator's fee is paid (only at the counter), and the agreement to
 * the reschedule terms. Shared by POST /api/bookings/{id}/reschedule and the reschedule page. Messages are
 * i18n keys.
 */
export const rescheduleSchema = z.object({
  tickets: ticketChoice('reschedule_error_choose', 'reschedule_error_ticket'),
  sailing: z.uuid('reschedule_error_sailing'),
  payment: z.optional(z.enum(['counter'], { error: 'reschedule_error_payment' })),
  agree: agreement('reschedule_error_agree'),
});
export type RescheduleRequest = z.input<typeof rescheduleSchema>;
