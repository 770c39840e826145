import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
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

export const collections = { pages, contacts, terminals, operators, routes, timetables, fares };
