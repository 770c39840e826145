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

/** `+62 778 470 2005` -> `tel:+627784702005`; WhatsApp links take digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replaceAll(' ', '')}`;
}
export function whatsappHref(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}
