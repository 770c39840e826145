import * as z from 'zod/mini';
import { MAX_PARTY } from '../domain/passengers.ts';
import { printable } from './plain-text.ts';
import { staffReason } from './staff-booking.ts';
import { nationalityField, sexField } from './travel-document.ts';

/** A passenger's nationality and sex added at the counter, from the passport in hand; back to the sailing's page. */
export const staffTravelDocumentSchema = z.object({
  position: z.coerce.number({ error: 'error_invalid_value' }).check(z.int(), z.gte(0), z.lt(MAX_PARTY)),
  nationality: nationalityField,
  sex: sexField,
  /** The sailing page the counter works from, to go back to (not stored). */
  sailing: z.optional(z.uuid({ error: 'error_invalid_value' })),
});
export type StaffTravelDocumentInput = z.infer<typeof staffTravelDocumentSchema>;

/** A sailing's new capacity (a smaller or larger vessel) and why. */
export const sailingCapacitySchema = z.object({
  capacity: z.coerce.number({ error: 'staff_error_capacity' }).check(z.int('staff_error_capacity')),
  reason: staffReason,
});
export type SailingCapacityInput = z.infer<typeof sailingCapacitySchema>;

/** The operator's reason, in each language, as the travellers' mails say it. */
const notice = (error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(5, error), z.maxLength(500, error), printable());

/** An operator's cancellation of a sailing: the reason in both languages. */
export const operatorCancellationSchema = z.object({
  noticeEn: notice('staff_error_notice_en'),
  noticeId: notice('staff_error_notice_id'),
  /** The travellers the dry run counted: the change is refused if it touches another number (an API may omit it). */
  expected: z.optional(
    z.coerce.number({ error: 'error_invalid_value' }).check(z.int(), z.gte(0), z.lte(100_000)),
  ),
});
export type OperatorCancellationInput = z.infer<typeof operatorCancellationSchema>;

/** A wall-clock time as a `datetime-local` field posts it (`2026-12-24T18:30`), and one that exists (no 30 February). */
const wallClock = z.string({ error: 'staff_error_departure' }).check(
  z.trim(),
  z.refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) &&
      !Number.isNaN(Date.parse(`${value}:00Z`)) &&
      new Date(`${value}:00Z`).toISOString().slice(0, 16) === value,
    'staff_error_departure',
  ),
);

/** An operator's delay of a sailing: the new departure on its terminal's clock, and the reason in both languages. */
export const operatorDelaySchema = z.object({
  departure: wallClock,
  /** The departure the dry run showed: refused if the sailing moved since (another admin's delay). */
  from: z.optional(wallClock),
  ...operatorCancellationSchema.shape,
});
export type OperatorDelayInput = z.infer<typeof operatorDelaySchema>;
