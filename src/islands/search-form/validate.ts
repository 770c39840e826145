// Loaded once the form is interactive, not before: zod and the shared schema are a tenth of the island, and nothing
// needs them before the first "Search" (on a slow phone network they held the form's hydration back 0.2 s).
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { searchQuerySchema } from '../../schemas/search.ts';
import type { SearchValues } from './types.ts';

/** The shared search schema as react-hook-form's resolver: errors by field, values as typed. */
export const schemaResolver = zodResolver(searchQuerySchema, undefined, {
  raw: true,
}) as Resolver<SearchValues>;
