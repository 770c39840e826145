import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

export type Contact = CollectionEntry<'contacts'>['data'];

/** The head office entry; the build fails if the data set lacks it. */
export async function getOffice(): Promise<Contact> {
  const office = await getEntry('contacts', 'office');
  if (!office) throw new Error('src/content/contacts.json needs an entry with id "office"');
  return office.data;
}

/** Terminal counters in display order. */
export async function getCounters(): Promise<Contact[]> {
  const entries = await getCollection('contacts', (entry) => entry.data.kind === 'counter');
  return entries.map((entry) => entry.data).sort((a, b) => a.order - b.order);
}
