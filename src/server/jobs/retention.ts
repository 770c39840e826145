import type { Database } from '../db/client.ts';
import { clearAttemptRecords } from './clear-attempt-records.ts';
import { erasePassports } from './erase-passports.ts';
import { eraseRefundAccounts } from './erase-refund-accounts.ts';

/** What one retention run erased: passengers, refunds, counters. */
export interface RetentionRun {
  passports: number;
  refundAccounts: number;
  attemptRecords: number;
}

/**
 * Erases what the privacy policy says is no longer kept at `now` (docs/data-retention.md). Each part is an
 * UPDATE or DELETE whose condition no erased row meets again, so any number of processes may run it, in any
 * order, as often as they like.
 */
export async function applyRetention(db: Database, now: Date): Promise<RetentionRun> {
  return {
    passports: await erasePassports(db, now),
    refundAccounts: await eraseRefundAccounts(db, now),
    attemptRecords: await clearAttemptRecords(db, now),
  };
}
