import * as z from 'zod/mini';

/**
 * Claiming an open ticket: the sailing of its route and operator the party travels on. Shared by
 * POST /api/bookings/{id}/claim and the claim page. Messages are i18n keys.
 */
export const claimSchema = z.object({
  sailing: z.uuid('claim_error_sailing'),
});
export type ClaimRequest = z.infer<typeof claimSchema>;
