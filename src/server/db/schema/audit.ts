import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditActions, auditActorKinds, auditSubjects } from '../../../domain/audit.ts';

/**
 * The audit log: one row per staff action and per money movement, append-only. A trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0030), and no column references another table: a row outlives the booking, refund or staff
 * member it describes, and nothing cascades into it. `before` and `after` are masked (domain/audit.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** In the order written: the log reads by it. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: auditActorKinds }).notNull(),
    /** The staff member's or account's id, the gateway's name; none for a guest or a job. */
    actorId: text('actor_id'),
    action: text('action', { enum: auditActions }).notNull(),
    /** What the row is about: `booking`, `refund`, `sailing`, `staff`, `announcement`, `anomaly`. */
    subjectType: text('subject_type', { enum: auditSubjects }).notNull(),
    subjectId: text('subject_id').notNull(),
    /** The booking it concerns, if any, for the booking's history (no reference: the row outlives the booking). */
    bookingId: varchar('booking_id', { length: 24 }),
    /** Why, when a person gave a reason (staff actions ask for one). */
    reason: text('reason'),
    /** The request (or job run) that wrote the row: its log lines carry the same id (observability/request-scope.ts). */
    requestId: text('request_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_booking_idx').on(t.bookingId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
    check(
      'audit_log_actor_known',
      sql`${t.actorKind} in ('staff', 'traveller', 'system', 'gateway', 'device')`,
    ),
    check('audit_log_action_dotted', sql`${t.action} ~ '^[a-z_]+[.][a-z_]+$'`),
  ],
);
