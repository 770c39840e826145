import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { paymentBanks } from './domain/payment-banks.ts';
import { contactSchema } from './schemas/contacts.ts';

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
const contacts = defineCollection({ loader: file('./src/content/contacts.json'), schema: contactSchema });

// The sample network (src/content/network/*.json) is no collection: one loader reads and checks it for everything
// (src/server/network-data.ts): the seed writes it to the database, whose tariffs live search prices from, and
// the pre-rendered route pages read it at build. tests/integration/route-prices.test.ts holds the two to one price.

/** Step-by-step virtual-account payment instructions, one JSON file per locale and bank: `en/bni.json`. Steps may
 * use the placeholders {accountNumber}, {billerCode} (Mandiri), {amount} and {bank}. */
const instructionChannel = z.object({
  title: z.string().trim().min(1),
  steps: z.array(z.string().trim().min(1)).min(2).max(10),
});
const paymentInstructions = defineCollection({
  loader: glob({ pattern: '*/*.json', base: './src/content/payment-instructions' }),
  schema: z.object({
    bank: z.enum(paymentBanks),
    /** The bank's or gateway's own guide the steps follow (JSON has no comments). */
    source: z.string().optional(),
    channels: z.object({
      mobile: instructionChannel,
      internet: instructionChannel,
      atm: instructionChannel,
      interbank: instructionChannel,
    }),
  }),
});

export const collections = {
  pages,
  contacts,
  paymentInstructions,
};
