import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { terminalTimeZones } from './domain/time-zones.ts';

const localized = z.object({ en: z.string().min(1), id: z.string().min(1) });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24-hour clock');

/** Long-form pages (about us, terms, privacy), one Markdown file per locale: `en/tnc.md`, `id/tnc.md`. */
const pages = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(50).max(160),
    updated: z.coerce.date(),
  }),
});

/** The agency's office and terminal counters: contacts and daily opening hours in local time. */
const contacts = defineCollection({
  loader: file('./src/content/contacts.json'),
  schema: z.object({
    kind: z.enum(['office', 'counter']),
    name: localized,
    place: localized,
    address: z.string().min(1),
    phone: z.string().regex(/^\+\d[\d ]{6,18}$/),
    whatsapp: z
      .string()
      .regex(/^\+\d[\d ]{6,18}$/)
      .optional(),
    email: z.email(),
    timeZone: z.enum(terminalTimeZones),
    hours: z.object({ days: z.enum(['daily', 'monday_saturday']), open: clock, close: clock }),
    order: z.number().int(),
  }),
});

export const collections = { pages, contacts };
