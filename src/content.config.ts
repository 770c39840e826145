import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { paymentBanks } from './domain/payment-banks.ts';
import { contactSchema } from './schemas/contacts.ts';
import {
  fareSchema,
  operatorSchema,
  routeSchema,
  terminalSchema,
  timetableSchema,
} from './schemas/network.ts';

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

/** The sample network (also read by the seed step and the API through src/server/network-data.ts). */
const network = (name: string) => `./src/content/network/${name}.json`;
const terminals = defineCollection({ loader: file(network('terminals')), schema: terminalSchema });
const operators = defineCollection({ loader: file(network('operators')), schema: operatorSchema });
const routes = defineCollection({ loader: file(network('routes')), schema: routeSchema });
const timetables = defineCollection({ loader: file(network('timetables')), schema: timetableSchema });
const fares = defineCollection({ loader: file(network('fares')), schema: fareSchema });

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
  terminals,
  operators,
  routes,
  timetables,
  fares,
  paymentInstructions,
};
