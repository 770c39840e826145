import { passengerCountProblems, type partyProblemKeys } from '../domain/passengers.ts';

/** The party as forms and the API send it. */
export interface Party {
  adults: number;
  children: number;
  infants: number;
}

/** Reports each broken party rule (domain/passengers.ts) as (field, message key) for a schema's refinement. */
export function partyIssues(
  party: Party,
  issue: (path: keyof Party, message: (typeof partyProblemKeys)[number]) => void,
) {
  const counts = { adult: party.adults, child: party.children, infant: party.infants };
  for (const problem of passengerCountProblems(counts)) issue(problem.field, problem.key);
}
