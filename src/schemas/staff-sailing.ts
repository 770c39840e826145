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
});
export type OperatorCancellationInput = z.infer<typeof operatorCancellationSchema>;
