import type { Database } from '../db/client.ts';
import { queueAccountMail } from '../db/queries/queue-mail.ts';
import type { AccountSecurity } from '../use-cases/ports.ts';

/**
 * E-mails the account a link that proves its address is the holder's (`prove_address`, a day, once), in the
 * caller's transaction; the mail job sends it after the commit. For an account Google opened without being the
 * address's authority: until the link is opened, guest bookings made with the address stay out of My booking.
 * `unlessOpen`: nothing is sent while an earlier link still works (a Google sign-in does not mail every time).
 */
export async function askToProveAddress(
  auth: Pick<AccountSecurity, 'hasOpenLink' | 'issueLink'>,
  tx: Database,
  userId: string,
  now: Date,
  options: { unlessOpen?: boolean } = {},
): Promise<void> {
  if (options.unlessOpen && (await auth.hasOpenLink(tx, userId, 'prove_address', now))) return;
  const link = await auth.issueLink(tx, { userId, purpose: 'prove_address' }, now);
  await queueAccountMail(tx, userId, 'prove_address', link.id);
}
