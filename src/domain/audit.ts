/**
 * The audit log's rules (model: pretix's `LogEntry`): who acted, on what, with a dotted action name, and what the
 * record looked like before and after, masked. Pure: the server writes the rows (server/services/audit.ts).
 */

/** Who did it: an agency's staff member, a traveller (with or without an account), our own jobs, a payment gateway. */
export const auditActorKinds = ['staff', 'traveller', 'system', 'gateway'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/**
 * What happened, as `subject.event`. One list, so a history page and a filter name every action the code can write;
 * money movements first (every one is logged), then what staff do.
 */
export const auditActions = [
  'payment.recorded',
  'refund.queued',
  'refund.paid',
  'anomaly.recorded',
  'sailing.cancelled',
  'staff.added',
  'staff.set_up',
  'staff.signed_in',
  'staff.recovery_code_used',
  'announcement.saved',
  'announcement.published',
  'announcement.withdrawn',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Keys whose value never enters the log, whatever the record: secrets, codes and hashes of them. */
const SECRET_KEY = /password|secret|token|hash|totp|recovery|csrf|signature|api[_-]?key/i;
/** Keys that hold a passport number: kept as its last 3 characters, enough to tell two apart at the counter. */
const PASSPORT_KEY = /passport_?number/i;

export const HIDDEN = '[hidden]';

/** A passport number as the log keeps it: `•••••321`. */
export function maskedPassport(value: string): string {
  const kept = value.slice(-3);
  return `${'•'.repeat(Math.max(value.length - kept.length, 3))}${kept}`;
}

/**
 * A record as the log may keep it: secrets hidden and passport numbers masked at any depth; dates as ISO text;
 * functions and undefined left out (the log is JSON).
 */
export function maskForAudit(value: unknown, key = ''): unknown {
  if (SECRET_KEY.test(key)) return value === null || value === undefined ? value : HIDDEN;
  if (PASSPORT_KEY.test(key) && typeof value === 'string') return maskedPassport(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => maskForAudit(item, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, child]) => child !== undefined && typeof child !== 'function')
        .map(([childKey, child]) => [childKey, maskForAudit(child, childKey)]),
    );
  if (typeof value === 'bigint') return value.toString();
  return value;
}
