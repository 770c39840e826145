import { hasOpenLink, issueLink } from '../auth/account-links.ts';
import type { Database } from '../db/client.ts';
import { queueAccountMail } from '../db/queries/queue-mail.ts';

/**
 * E-mails the account a link that proves its address is the holder's (`prove_address`, a day, once), in the
 * caller's transaction; the mail job sends it after the commit. For an account Google opened without being the
 * address's authority: until the link is opened, guest bookings made with the address stay out of My booking.
 * `unlessOpen`: nothing is sent while an earlier link still works (a Google sign-in does not mail every time).
 */
export async function askToProveAddress(
  tx: Database,
  userId: string,
  now: Date,
  options: { unlessOpen?: boolean } = {},
): Promise<void> {
  if (options.unlessOpen && (await hasOpenLink(tx, userId, 'prove_address', now))) return;
  const link = await issueLink(tx, { userId, purpose: 'prove_address' }, now);
  await queueAccountMail(tx, userId, 'prove_address', link.id);
}
