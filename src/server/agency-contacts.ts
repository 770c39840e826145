import { z } from 'zod';
import contacts from '../content/contacts.json' with { type: 'json' };
import { contactSchema, type Contact } from '../schemas/contacts.ts';

// Read straight from the JSON rather than through astro:content, so the mail job and tests (outside Astro) see the
// same office and counters as the contact page.
const all = z.array(contactSchema).parse(contacts);

const office: Contact = (() => {
  const found = all.find((contact) => contact.kind === 'office');
  if (!found) throw new Error('src/content/contacts.json needs an entry of kind "office"');
  return found;
})();

/** The head office: its phone and WhatsApp close every e-mail. */
export function agencyOffice(): Contact {
  return office;
}

/**
 * The agency's counter at a terminal, where its travellers check in; undefined where it has none. A counter's id in
 * contacts.json is the terminal's code in lower case (`btc` for BTC).
 */
export function terminalCounter(terminalCode: string): Contact | undefined {
  const id = terminalCode.toLowerCase();
  return all.find((contact) => contact.kind === 'counter' && contact.id === id);
}

/** Every counter, for tests that tie each one to a terminal of the network. */
export function agencyCounters(): Contact[] {
  return all.filter((contact) => contact.kind === 'counter');
}
