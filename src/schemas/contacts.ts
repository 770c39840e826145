import { z } from 'zod';
import { terminalTimeZones } from '../domain/time-zones.ts';

const localized = z.object({ en: z.string().min(1), id: z.string().min(1) });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24-hour clock');
const phone = z.string().regex(/^\+\d[\d ]{6,18}$/);

/** The agency's office and terminal counters (src/content/contacts.json): contacts and daily opening hours. */
export const contactSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['office', 'counter']),
  name: localized,
  place: localized,
  address: localized,
  phone,
  whatsapp: phone.optional(),
  email: z.email(),
  timeZone: z.enum(terminalTimeZones),
  hours: z.object({ days: z.enum(['daily', 'monday_saturday']), open: clock, close: clock }),
  order: z.number().int(),
});

export type Contact = z.infer<typeof contactSchema>;
