import type { Database } from '../client.ts';
import { sentMails, type mailKinds } from '../schema/payments.ts';

/**
 * Queues a booking mail that shows the booking as it is when sent (boarding passes, a reschedule, a cancellation, a
 * refund paid): queued once per booking and kind, and queued again, unsent, by every later change of the same kind,
 * so the traveller gets the latest. The mail job (jobs/deliver-mails.ts) sends it after the transaction commits.
 */
export async function queueCurrentStateMail(
  tx: Database,
  bookingId: string,
  kind: (typeof mailKinds)[number],
): Promise<void> {
  await tx
    .insert(sentMails)
    .values({ bookingId, kind })
    .onConflictDoUpdate({
      target: [sentMails.bookingId, sentMails.kind],
      set: { sentAt: null, attempts: 0, claimedUntil: null },
    });
}
