/** PRODUCT.md §3: at least one adult, at most 9 adults and children together, no more infants than adults. */
export interface Party {
  adults: number;
  children: number;
  infants: number;
}

/** Reports each broken party rule as (field, message key); shared by the search and the booking schemas. */
export function partyIssues(party: Party, issue: (path: keyof Party, message: string) => void) {
  if (party.adults < 1) issue('adults', 'search_error_adults_min');
  if (party.adults + party.children > 9) issue('children', 'search_error_party_max');
  if (party.infants > party.adults) issue('infants', 'search_error_infants_max');
}
