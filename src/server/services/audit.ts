import { and, desc, eq, inArray, like, lt, type SQL } from 'drizzle-orm';
import {
  maskForAudit,
  type AuditAction,
  type AuditActorKind,
  type AuditSubject,
} from '../../domain/audit.ts';
import type { Database } from '../db/client.ts';
import { normalizeBookingCode } from '../../domain/booking-code.ts';
import { auditLog } from '../db/schema/audit.ts';
import { currentRequestId } from '../observability/request-scope.ts';
import { bookings } from '../db/schema/bookings.ts';
import type { Actor } from '../use-cases/context.ts';

/**
 * Who did it: the actor a use case runs as, `system` for a job, or a staff member known only by id (whose session
 * just ended: the sign-out).
 */
export type AuditBy = Actor | 'system' | { kind: 'staff'; staffId: string };

/** Who an audit row names. */
export function auditActorOf(actor: AuditBy): { actorKind: AuditActorKind; actorId: string | null } {
  if (actor === 'system') return { actorKind: 'system', actorId: null };
  switch (actor.kind) {
    case 'account':
      return { actorKind: 'traveller', actorId: actor.userId };
    case 'gateway':
      return { actorKind: 'gateway', actorId: actor.gateway };
    case 'guest':
      return { actorKind: 'traveller', actorId: null };
    case 'staff':
      return { actorKind: 'staff', actorId: actor.staffId };
    case 'device':
      return { actorKind: 'device', actorId: actor.deviceId };
  }
}

export interface AuditEntry {
  by: AuditBy;
  action: AuditAction;
  subject: { type: AuditSubject; id: string };
  bookingId?: string | null | undefined;
  reason?: string | undefined;
  before?: unknown;
  after?: unknown;
  /** The use case's clock; else the database's time of the write. */
  at?: Date;
}

/**
 * Writes one row of the audit log, in the caller's transaction (`db` may be one): the row exists exactly when the
 * change it describes was committed. `before` and `after` are masked here, whatever the caller passed.
 */
export async function writeAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...auditActorOf(entry.by),
    ...(entry.at ? { at: entry.at } : {}),
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    bookingId: entry.bookingId ?? null,
    reason: entry.reason ?? null,
    requestId: currentRequestId() ?? null,
    before: entry.before === undefined ? null : maskForAudit(entry.before),
    after: entry.after === undefined ? null : maskForAudit(entry.after),
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * The log, newest first, filtered: one booking's history (by its id or its code), an action or a family of them
 * (`refund.` takes every refund action), one kind of actor; `before` pages on (the smallest id of the page shown).
 */
export async function auditEntries(
  db: Database,
  filter: {
    bookingId?: string;
    /** A booking's code as travellers quote it (`k7m4qx` is `K7M4QX`). */
    bookingCode?: string;
    action?: string;
    actorKind?: AuditActorKind;
    before?: number;
    limit?: number;
  } = {},
): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.bookingId) where.push(eq(auditLog.bookingId, filter.bookingId));
  if (filter.bookingCode !== undefined) {
    // Only something shaped like a code reaches the query (a NUL byte typed into the filter never does).
    const code = normalizeBookingCode(filter.bookingCode);
    if (!code) return [];
    where.push(
      inArray(
        auditLog.bookingId,
        db.select({ id: bookings.id }).from(bookings).where(eq(bookings.code, code)),
      ),
    );
  }
  if (filter.action)
    where.push(
      filter.action.endsWith('.')
        ? like(auditLog.action, `${filter.action.replaceAll(/[\\%_]/g, '\\$&')}%`)
        : eq(auditLog.action, filter.action as AuditAction),
    );
  if (filter.actorKind) where.push(eq(auditLog.actorKind, filter.actorKind));
  if (filter.before !== undefined) where.push(lt(auditLog.id, filter.before));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(Math.min(filter.limit ?? 100, 500));
}
