/**
 * The audit log's rules (model: pretix's `LogEntry`): who acted, on what, with a dotted action name, and what the
 * record looked like before and after, masked. Pure: the server writes the rows (server/services/audit.ts).
 */

/**
 * Who did it: an agency's staff member, a traveller (with or without an account), our own jobs, a payment gateway,
 * a gate's scanning device.
 */
export const auditActorKinds = ['staff', 'traveller', 'system', 'gateway', 'device'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/**
 * What happened, as `subject.event`. One list, so a history page and a filter name every action the code can write;
 * money movements first (every one is logged), then what staff do.
 */
export const auditActions = [
  'payment.recorded',
  'refund.queued',
  'refund.paid',
  'refund.failed',
  'refund.paid_twice',
  'refund.account_set',
  'anomaly.recorded',
  'sailing.cancelled',
  'sailing.delayed',
  'sailing.capacity_changed',
  'staff.added',
  'staff.disabled',
  'staff.set_up',
  'staff.signed_in',
  'staff.signed_out',
  'staff.recovery_code_used',
  'staff.code_refused',
  'announcement.saved',
  'announcement.published',
  'announcement.withdrawn',
  'booking.mail_resent',
  'booking.passenger_corrected',
  'booking.contact_corrected',
  'booking.cancelled',
  'booking.cancelled_by_staff',
  'booking.deadline_extended',
  'booking.travel_document_added',
  'data_request.recorded',
  'data_request.answered',
  'gate_device.added',
  'gate_device.enrolled',
  'gate_device.revoked',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What a row is about (each has its word in both catalogues: `audit_subject_<type>`). */
export const auditSubjects = [
  'payment',
  'refund',
  'anomaly',
  'sailing',
  'staff',
  'announcement',
  'booking',
  'data_request',
  'gate_device',
] as const;
export type AuditSubject = (typeof auditSubjects)[number];

/** Keys whose value never enters the log, whatever the record: secrets, codes and hashes of them. */
const SECRET_KEY = /password|secret|token|hash|totp|recovery|csrf|signature|api[_-]?key/i;
/** Keys that hold a passport number: kept as its last 3 characters, enough to tell two apart at the counter. */
const PASSPORT_KEY = /passport_?number/i;
/**
 * A passport's issue and expiry dates: erased with the number 90 days after travel (domain/retention.ts), so the
 * log, which keeps everything for good, never holds them; that they changed is all a correction needs to say.
 */
const PASSPORT_DATE_KEY = /passport_?(issued|expiry)/i;
/** Keys that hold a bank account number: kept as its last 4 digits, as a bank's own statement shows it. */
const ACCOUNT_NUMBER_KEY = /account_?number/i;

export const HIDDEN = '[hidden]';

/** The last `kept` characters of a value, behind at least 3 dots: a passport `•••••321`, an account `••••••4321`. */
function maskedTail(value: string, kept: number): string {
  const tail = value.slice(-kept);
  return `${'•'.repeat(Math.max(value.length - tail.length, 3))}${tail}`;
}

/** A passport number as the log keeps it: `•••••321`. */
export const maskedPassport = (value: string) => maskedTail(value, 3);

/**
 * A record as the log may keep it: secrets and passport dates hidden, passport and bank account numbers masked, at any depth; dates as ISO text;
 * functions and undefined left out (the log is JSON).
 */
export function maskForAudit(value: unknown, key = ''): unknown {
  if (SECRET_KEY.test(key)) return value === null || value === undefined ? value : HIDDEN;
  if (PASSPORT_KEY.test(key) && typeof value === 'string') return maskedPassport(value);
  if (PASSPORT_DATE_KEY.test(key)) return value === null || value === undefined ? value : HIDDEN;
  if (ACCOUNT_NUMBER_KEY.test(key) && typeof value === 'string') return maskedTail(value, 4);
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
