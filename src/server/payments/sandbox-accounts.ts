import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sandboxAccounts } from '../db/schema/sandbox.ts';
import type { CloseOutcome, IssuedVirtualAccount, AttemptRef, AttemptState } from './gateway.ts';

export type SandboxAccount = typeof sandboxAccounts.$inferSelect;

/** Where a sandbox VA stands at `now`, as its bank would say. */
export type SandboxAccountStanding = 'open' | 'paid' | 'closed' | 'expired';

export function standingOf(account: SandboxAccount, now: Date): SandboxAccountStanding {
  if (account.paymentId) return 'paid';
  if (account.closedAt) return 'closed';
  return account.expiresAt <= now ? 'expired' : 'open';
}

/** Records a VA the sandbox issues; asking again for the same attempt returns the first one unchanged. */
export async function issueSandboxAccount(
  db: Database,
  account: Omit<SandboxAccount, 'closedAt' | 'paymentId' | 'paidAmount' | 'paidAt'>,
): Promise<IssuedVirtualAccount> {
  // Two presses racing may meet on either unique key (the id is made from the external id): absorb both, with no
  // target, and read what the first one recorded.
  await db.insert(sandboxAccounts).values(account).onConflictDoNothing();
  const [kept] = await db
    .select()
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.externalId, account.externalId));
  if (!kept) throw new Error('sandbox VA not recorded');
  return {
    accountNumber: kept.accountNumber,
    ...(kept.billerCode ? { billerCode: kept.billerCode } : {}),
    gatewayAccountId: kept.id,
  };
}

/** Moves an open sandbox VA's expiry later (the agency extended the deadline); a paid, closed or expired one stays. */
export async function extendSandboxAccount(
  db: Database,
  ref: AttemptRef,
  expiresAt: Date,
  now: Date,
): Promise<'extended' | 'inactive'> {
  const extended = await db
    .update(sandboxAccounts)
    .set({ expiresAt })
    .where(
      and(
        eq(sandboxAccounts.id, ref.gatewayAccountId),
        isNull(sandboxAccounts.paymentId),
        isNull(sandboxAccounts.closedAt),
        gt(sandboxAccounts.expiresAt, now),
      ),
    )
    .returning({ id: sandboxAccounts.id });
  return extended.length > 0 ? 'extended' : 'inactive';
}

export async function closeSandboxAccount(db: Database, ref: AttemptRef, now: Date): Promise<CloseOutcome> {
  const closed = await db
    .update(sandboxAccounts)
    .set({ closedAt: now })
    .where(
      and(
        eq(sandboxAccounts.id, ref.gatewayAccountId),
        isNull(sandboxAccounts.paymentId),
        isNull(sandboxAccounts.closedAt),
      ),
    )
    .returning({ id: sandboxAccounts.id });
  if (closed.length > 0) return 'closed';
  const [known] = await db
    .select({ id: sandboxAccounts.id })
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.id, ref.gatewayAccountId));
  return known ? 'already_inactive' : 'not_found';
}

export async function sandboxAccountState(
  db: Database,
  ref: AttemptRef,
  now: Date,
): Promise<AttemptState | undefined> {
  const [account] = await db
    .select()
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.id, ref.gatewayAccountId));
  if (account?.externalId !== ref.externalId) return undefined;
  const standing = standingOf(account, now);
  if (standing === 'open') return { kind: 'open' };
  if (standing !== 'paid' || !account.paymentId) return { kind: 'closed' };
  return {
    kind: 'paid',
    payments: [
      {
        externalId: account.externalId,
        gatewayPaymentId: account.paymentId,
        amount: account.paidAmount ?? account.amount,
        paidAt: account.paidAt ?? now,
      },
    ],
  };
}

/** The newest sandbox VA with this number (numbers are derived per attempt, so a repeat is a new attempt's). */
export async function findSandboxAccount(
  db: Database,
  accountNumber: string,
): Promise<SandboxAccount | undefined> {
  const [account] = await db
    .select()
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.accountNumber, accountNumber))
    .orderBy(desc(sandboxAccounts.expiresAt))
    .limit(1);
  return account;
}

/**
 * The simulator's bank pays a VA: only an open one takes money (a closed, expired or paid one is refused, as a
 * bank refuses it), once, under a row lock so two presses cannot both pay. The amount may differ from the one due
 * (the simulator tests under- and over-payments, which a real closed VA would refuse).
 */
export async function paySandboxAccount(
  db: Database,
  accountId: string,
  amount: number,
  now: Date,
): Promise<{ paid: SandboxAccount } | { refused: Exclude<SandboxAccountStanding, 'open'> | 'not_found' }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, accountId))
      .for('update');
    if (!account) return { refused: 'not_found' as const };
    const standing = standingOf(account, now);
    if (standing !== 'open') return { refused: standing };
    const [paid] = await tx
      .update(sandboxAccounts)
      .set({ paymentId: `sandbox-pay-${randomBytes(8).toString('hex')}`, paidAmount: amount, paidAt: now })
      .where(eq(sandboxAccounts.id, accountId))
      .returning();
    if (!paid) throw new Error('sandbox payment not recorded');
    return { paid };
  });
}
