import * as z from 'zod/mini';
import { GATE_MAX_MARKS } from '../domain/gate.ts';
import { printable } from './plain-text.ts';

/** An admin adds a scanning phone by the name the console lists it under (`Gate 2, Batam Centre`). */
export const gateDeviceSchema = z.object({
  name: z
    .string({ error: 'gate_error_name' })
    .check(z.trim(), z.minLength(2, 'gate_error_name'), z.maxLength(60, 'gate_error_name'), printable()),
});
export type GateDeviceInput = z.infer<typeof gateDeviceSchema>;

/** The set-up code a phone is enrolled with, as typed: case, spaces and the dash do not matter. */
export const gateEnrolSchema = z.object({
  code: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' ? value.toUpperCase().replaceAll(/[\s-]/g, '') : '',
    ),
    z.string().check(z.regex(/^[A-HJKMNP-Z2-9]{8}$/, 'gate_error_code')),
  ),
});
export type GateEnrolInput = z.infer<typeof gateEnrolSchema>;

/** The boardings a gate device queued, each with the nonce it drew when it scanned (a retry sends the same). */
export const boardingsSchema = z.object({
  marks: z
    .array(
      z.object({
        nonce: z.uuid({ error: 'error_invalid_value' }),
        /** The sailing the device was boarding: a ticket of another sailing does not board. */
        sailingId: z.uuid({ error: 'error_invalid_value' }),
        ticketNumber: z
          .string({ error: 'error_invalid_value' })
          .check(z.regex(/^[A-Z0-9-]{6,16}$/, 'error_invalid_value')),
        scannedAt: z.iso.datetime({ error: 'error_invalid_value', offset: true }),
      }),
    )
    .check(z.minLength(1, 'error_invalid_value'), z.maxLength(GATE_MAX_MARKS, 'gate_error_too_many')),
});
export type BoardingsInput = z.infer<typeof boardingsSchema>;
