/** A terminal as the form offers it (names already in the page's language). */
export interface TerminalOption {
  code: string;
  name: string;
  country: 'ID' | 'SG' | 'MY';
  destinations: string[];
}

/** Form values as strings, exactly as a GET form submits them. */
export interface SearchValues {
  trip: string;
  from: string;
  to: string;
  date: string;
  returnDate: string;
  adults: string;
  children: string;
  infants: string;
}

export type FieldErrors = Partial<Record<keyof SearchValues, string[]>>;
