import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accountMails, type accountMailKinds } from '../schema/accounts.ts';
import { sentMails, type mailKinds } from '../schema/payments.ts';
import { currentRequestId } from '../../observability/request-scope.ts';

type BookingMailKind = (typeof mailKinds)[number];

/**
 * Queues a booking mail sent once per booking and kind (the VA's instructions, the e-tickets, an expiry, a late
 * payment's refund): a replay queues nothing more. Each row names the request that queued it (`request_id`).
 */
export async function queueMailOnce(
  tx: Pick<Database, 'insert'>,
  bookingIds: string | readonly string[],
  kind: BookingMailKind,
): Promise<void> {
  const ids = typeof bookingIds === 'string' ? [bookingIds] : bookingIds;
  if (ids.length === 0) return;
  const requestId = currentRequestId() ?? null;
  await tx
    .insert(sentMails)
    .values(ids.map((bookingId) => ({ bookingId, kind, requestId })))
    .onConflictDoNothing();
}

/**
 * Queues a booking mail that shows the booking as it is when sent (boarding passes, a reschedule, a cancellation, a
 * refund paid): queued once per booking and kind, and queued again, unsent and with a new version, by every later
 * change of the same kind, so the traveller gets the latest. The mail job (jobs/deliver-mails.ts) sends it after the
 * transaction commits, at once even after failed sends. A row being sent keeps its lease: the job then sees the new
 * version and sends it once more.
 */
export async function queueCurrentStateMail(
  tx: Database,
  bookingId: string,
  kind: BookingMailKind,
  /** Another address than the booking's contact (the previous one, told of a change). */
  recipient?: string,
): Promise<void> {
  await tx
    .insert(sentMails)
    .values({ bookingId, kind, recipient: recipient ?? null, requestId: currentRequestId() ?? null })
    .onConflictDoUpdate({
      target: [sentMails.bookingId, sentMails.kind],
      set: {
        sentAt: null,
        attempts: 0,
        retryAt: null,
        version: sql`${sentMails.version} + 1`,
        requestId: currentRequestId() ?? null,
        // A notice to a previous address still unsent keeps its address: a second change before it goes out must
        // not take the warning away from the first address (the traveller's own, most likely).
        recipient: sql`case when ${sentMails.sentAt} is null and ${sentMails.recipient} is not null then ${sentMails.recipient} else ${recipient ?? null} end`,
      },
    });
}

/**
 * Queues an account mail (confirm the address, account exists, reset, password changed) in the transaction that
 * decided it; the mail job (jobs/deliver-account-mails.ts) sends it after the commit. A link's mail names its link.
 */
export async function queueAccountMail(
  tx: Database,
  userId: string,
  kind: (typeof accountMailKinds)[number],
  linkId?: string,
): Promise<void> {
  await tx
    .insert(accountMails)
    .values({ userId, kind, linkId: linkId ?? null, requestId: currentRequestId() ?? null });
}
