import { getEntry, type CollectionEntry } from 'astro:content';
import { defaultLocale, type Locale } from '../../i18n/locales.ts';

export type PageSlug = 'about-us' | 'tnc' | 'privacy-policy';

/** A long-form page in the reader's language, falling back to English when a translation is missing. */
export async function getPage(slug: PageSlug, locale: Locale): Promise<CollectionEntry<'pages'>> {
  const entry =
    (await getEntry('pages', `${locale}/${slug}`)) ?? (await getEntry('pages', `${defaultLocale}/${slug}`));
  if (!entry) throw new Error(`src/content/pages/${defaultLocale}/${slug}.md is missing`);
  return entry;
}
