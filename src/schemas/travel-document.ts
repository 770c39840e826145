import * as z from 'zod/mini';
import { passportSexes } from '../domain/passengers.ts';
import { isCountry } from './booking-details.ts';

/**
 * What the manifest needs beside the passport data taken at booking: nationality (ISO 3166 alpha-2, usually the
 * passport's issuing country) and sex as printed in the passport. Asked at online check-in, added at the counter.
 */
export const nationalityField = z.string({ error: 'checkin_error_nationality' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((value) => isCountry(value), 'checkin_error_nationality'),
);
export const sexField = z.enum(passportSexes, { error: 'checkin_error_sex' });

/** One traveller's nationality and sex, by ticket (check-in) or by place in the party (the counter). */
export const travelDocumentSchema = z.object({ nationality: nationalityField, sex: sexField });
export type TravelDocument = z.infer<typeof travelDocumentSchema>;
