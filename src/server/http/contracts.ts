import type * as z from 'zod/mini';
import { bookingAccessSchema } from '../../schemas/booking-access.ts';
import { bookingDetailsSchema } from '../../schemas/booking-details.ts';
import { cancellationSchema } from '../../schemas/cancellation.ts';
import { checkInSchema } from '../../schemas/check-in.ts';
import { claimSchema } from '../../schemas/claim.ts';
import { checkOrderSchema } from '../../schemas/check-order.ts';
import { holdRequestSchema } from '../../schemas/hold.ts';
import { payRequestSchema } from '../../schemas/payment.ts';
import { rescheduleSchema } from '../../schemas/reschedule.ts';
import { searchQuerySchema } from '../../schemas/search.ts';
import {
  accountDialogQuerySchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  googleCodeSchema,
  loginSchema,
  profileSchema,
  proveAddressSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../schemas/account.ts';
import { passengerSchema } from '../../schemas/booking-details.ts';

/** What a route reads: its JSON body's schema, its query's, or a gateway-signed body. */
export interface Contract {
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** A gateway's callback: authenticated by signature or token, not by a schema of ours. */
  signed?: true;
}

/**
 * Every API route (`METHOD /api/path`, as Hono lists it) with what it reads. The fuzz suite generates requests for
 * every route the app registers, from these schemas, and fails for a route missing here: a new route is fuzzed
 * by being registered and described, not by someone remembering to write a test.
 */
export const apiContracts: Record<string, Contract> = {
  'GET /api/health': {},
  'POST /api/payments/:gateway/callback': { signed: true },
  'GET /api/terminals': {},
  'GET /api/terminals/:code/destinations': {},
  'GET /api/operating-hours': {},
  'GET /api/schedules': { query: searchQuerySchema },
  'POST /api/bookings': { body: holdRequestSchema },
  'POST /api/bookings/lookup': { body: checkOrderSchema },
  'GET /api/bookings/:id/status': {},
  'GET /api/bookings/:id': {},
  'POST /api/bookings/:id/payment': { body: payRequestSchema },
  'PUT /api/bookings/:id/details': { body: bookingDetailsSchema },
  'POST /api/bookings/:id/check-in': { body: checkInSchema },
  'POST /api/bookings/:id/reschedule': { body: rescheduleSchema },
  'POST /api/bookings/:id/cancellation': { body: cancellationSchema },
  'POST /api/bookings/:id/claim': { body: claimSchema },
  'POST /api/bookings/:id/access-code': {},
  'POST /api/bookings/:id/access': { body: bookingAccessSchema },
  'GET /api/boarding-pass/keys': {},
  'POST /api/logout': {},
  'GET /api/profile': {},
  'PUT /api/profile': { body: profileSchema },
  'PUT /api/profile/change-password': { body: changePasswordSchema },
  'DELETE /api/profile': { body: deleteAccountSchema },
  // A multipart picture: the fuzzer's bodies are none, so each must be refused as missing or not a picture.
  'POST /api/profile/avatar': {},
  'GET /api/profile/avatar': {},
  'POST /api/profile/address-proof': {},
  'DELETE /api/profile/avatar': {},
  'POST /api/auth/register': { body: registerSchema },
  'POST /api/auth/verify-email': { body: verifyEmailSchema },
  'POST /api/auth/prove-address': { body: proveAddressSchema },
  'POST /api/auth/google': { body: googleCodeSchema },
  'POST /api/recovery/forgot-password': { body: forgotPasswordSchema },
  'POST /api/recovery/reset-password': { body: resetPasswordSchema },
  'GET /api/session': {},
  'GET /api/session/forms/:kind': { query: accountDialogQuerySchema },
  'POST /api/session': { body: loginSchema },
  'GET /api/passengers': {},
  'POST /api/passengers': { body: passengerSchema },
  'PUT /api/passengers/:id': { body: passengerSchema },
  'DELETE /api/passengers/:id': {},
};
