import * as z from 'zod/mini';
import { printable } from './plain-text.ts';
import { agreement, ticketChoice } from './shared-fields.ts';

/** Spaces, dots and dashes people type in account numbers; the bank needs the digits. Blank: not given. */
const digitsOnly = (value: unknown) => {
  const digits = typeof value === 'string' ? value.replace(/[\s.-]/g, '') : value;
  return digits === '' ? undefined : digits;
};

/**
 * Cancelling tickets (docs/product-rules.md, Cancellation and refunds): the tickets, the bank account the
 * refund goes to (bank, account number, holder name: required when there is something to refund, which the
 * server decides), and the agreement to the cancellation terms. Shared by
 * POST /api/bookings/{id}/cancellation and the cancellation page.
 */
export const cancellationSchema = z.object({
  tickets: ticketChoice('cancel_error_choose', 'cancel_error_ticket'),
  bank: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(2, 'cancel_error_bank'),
        z.maxLength(60, 'cancel_error_bank'),
        printable(),
      ),
  ),
  accountNumber: z.optional(
    z.pipe(
      z.transform(digitsOnly),
      z.optional(z.string().check(z.regex(/^[0-9]{5,34}$/, 'cancel_error_account_number'))),
    ),
  ),
  accountHolder: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(2, 'cancel_error_account_holder'),
        z.maxLength(100, 'cancel_error_account_holder'),
        printable(),
      ),
  ),
  agree: agreement('cancel_error_agree'),
});
export type CancellationRequest = z.input<typeof cancellationSchema>;
export type CancellationInput = z.output<typeof cancellationSchema>;
