import * as z from 'zod/mini';
import { STAFF_REASON_MAX, STAFF_REASON_MIN, resendableMails } from '../domain/staff-actions.ts';
import { MAX_PARTY } from '../domain/passengers.ts';
import { contactSchema, passengerSchema } from './booking-details.ts';
import { cancellationSchema } from './cancellation.ts';
import { printable } from './plain-text.ts';

/**
 * The console's actions on a booking. Each asks why (kept in the audit log beside what changed), so whoever reads
 * the booking's history later knows what the traveller asked for.
 */
export const staffReason = z
  .string({ error: 'staff_error_reason' })
  .check(
    z.trim(),
    z.minLength(STAFF_REASON_MIN, 'staff_error_reason'),
    z.maxLength(STAFF_REASON_MAX, 'staff_error_reason_long'),
    printable(),
  );

/** Resend a booking's e-tickets or a leg's boarding passes, as they are now. */
export const resendMailSchema = z.object({
  mail: z.enum(resendableMails, { error: 'error_invalid_value' }),
  reason: staffReason,
});
export type ResendMailInput = z.infer<typeof resendMailSchema>;

/** A refund paid: the bank's reference of the transfer, sent to the traveller. */
export const refundPaidSchema = z.object({
  reference: z
    .string({ error: 'staff_error_transfer_reference' })
    .check(
      z.trim(),
      z.minLength(3, 'staff_error_transfer_reference'),
      z.maxLength(60, 'staff_error_transfer_reference'),
      printable(),
    ),
});
export type RefundPaidInput = z.infer<typeof refundPaidSchema>;

/** A refund's transfer came back: why (the bank's words: account closed, name does not match). */
export const refundFailedSchema = z.object({ reason: staffReason });
export type RefundFailedInput = z.infer<typeof refundFailedSchema>;

/** A passenger's name or passport corrected at the counter (before check-in), by their place in the party. */
export const correctPassengerSchema = z.object({
  ...passengerSchema.shape,
  position: z.coerce.number({ error: 'error_invalid_value' }).check(z.int(), z.gte(0), z.lt(MAX_PARTY)),
  reason: staffReason,
});
export type CorrectPassengerInput = z.infer<typeof correctPassengerSchema>;

/** The contact's e-mail address or phone corrected at the counter or on the phone. */
export const correctContactSchema = z.object({
  email: contactSchema.shape.email,
  phone: contactSchema.shape.phone,
  reason: staffReason,
});
export type CorrectContactInput = z.infer<typeof correctContactSchema>;

/**
 * The agency cancels tickets for a traveller (on the phone, at the counter): the tickets and the refund account as
 * the traveller's own cancellation takes them, whether the fee is waived, and why.
 */
export const staffCancellationSchema = z.object({
  // The traveller agrees to the terms on their own page; here the agent records why instead.
  ...z.omit(cancellationSchema, { agree: true }).shape,
  waiveFee: z._default(
    z.pipe(
      z.transform((value: unknown) => value === true || value === 'on' || value === 'true'),
      z.boolean(),
    ),
    false,
  ),
  reason: staffReason,
});
export type StaffCancellationInput = z.infer<typeof staffCancellationSchema>;

/**
 * Where an owed refund goes, as the traveller gives it to the agency (a payment by Virtual Account has no account
 * to go back to; a transfer that came back needs another): the cancellation form's own fields, all required.
 */
export const refundAccountSchema = z.object({
  bank: z.pipe(
    z.transform((value: unknown) => value ?? ''),
    z
      .string()
      .check(
        z.trim(),
        z.minLength(2, 'cancel_error_bank'),
        z.maxLength(60, 'cancel_error_bank'),
        printable(),
      ),
  ),
  accountNumber: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.replace(/[\s.-]/g, '') : value)),
    z
      .string({ error: 'cancel_error_account_number' })
      .check(z.regex(/^[0-9]{5,34}$/, 'cancel_error_account_number')),
  ),
  accountHolder: z
    .string({ error: 'cancel_error_account_holder' })
    .check(
      z.trim(),
      z.minLength(2, 'cancel_error_account_holder'),
      z.maxLength(100, 'cancel_error_account_holder'),
      printable(),
    ),
  reason: staffReason,
});
export type RefundAccountInput = z.infer<typeof refundAccountSchema>;

/** An action that needs nothing but why (extending a payment deadline). */
export const staffReasonSchema = z.object({ reason: staffReason });
export type StaffReasonInput = z.infer<typeof staffReasonSchema>;
