import * as z from 'zod/mini';
import { staffRoles } from '../domain/staff.ts';
import { loginSchema, resetPasswordSchema } from './account.ts';
import { contactSchema } from './booking-details.ts';

/**
 * The staff console's payloads. A staff member's password follows the accounts' rules (schemas/account.ts); the
 * second factor is a 6-digit code from an authenticator app, or one of the recovery codes.
 */
export const staffAddSchema = z.object({
  email: contactSchema.shape.email,
  fullName: contactSchema.shape.fullName,
  role: z.enum(staffRoles, { error: 'error_invalid_value' }),
});
export type StaffAddInput = z.infer<typeof staffAddSchema>;

/** The set-up link's token and the new password, twice. */
export const staffSetUpSchema = resetPasswordSchema;
export type StaffSetUpInput = z.infer<typeof staffSetUpSchema>;

export const staffSignInSchema = loginSchema;
export type StaffSignInInput = z.infer<typeof staffSignInSchema>;

/** The code the authenticator app shows now, or a recovery code (`ABCDE-FGHJK`, dash and case optional). */
export const staffCodeSchema = z.object({
  code: z
    .string({ error: 'staff_error_code_required' })
    .check(z.trim(), z.minLength(1, 'staff_error_code_required'), z.maxLength(20, 'staff_error_code')),
});
export type StaffCodeInput = z.infer<typeof staffCodeSchema>;
