import * as z from 'zod/mini';
import { dataRequestKinds } from '../domain/data-requests.ts';
import { contactSchema } from './booking-details.ts';
import { printable } from './plain-text.ts';
import { staffReason } from './staff-booking.ts';

/** A personal-data request as an agent records it: what, from which address, what was asked, when it came. */
export const dataRequestSchema = z.object({
  kind: z.enum(dataRequestKinds, { error: 'error_invalid_value' }),
  email: contactSchema.shape.email,
  details: z
    .string({ error: 'data_request_error_details' })
    .check(
      z.trim(),
      z.minLength(5, 'data_request_error_details'),
      z.maxLength(2000, 'data_request_error_details'),
      printable(),
    ),
  /** When it reached the agency, on Batam's clock (`2026-11-26T09:30`); the deadline counts from it. */
  receivedAt: z
    .string({ error: 'data_request_error_received' })
    .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'data_request_error_received')),
});
export type DataRequestInput = z.infer<typeof dataRequestSchema>;

/** How a request was answered: done, or refused with the reason the law allows. */
export const dataRequestAnswerSchema = z.object({
  outcome: z.enum(['done', 'refused'], { error: 'error_invalid_value' }),
  answer: staffReason,
});
export type DataRequestAnswerInput = z.infer<typeof dataRequestAnswerSchema>;
