import type * as z from 'zod/mini';
import { accountDialogQuerySchema, googleCodeSchema } from '../../schemas/account.ts';
import { searchQuerySchema } from '../../schemas/search.ts';
import { useCases } from '../use-cases/registry.ts';
import type { AnyUseCase, Caller } from '../use-cases/use-case.ts';
import type { RefusalStatus } from '../validation-errors.ts';

/** What a route reads: its JSON body's schema, its query's, or a gateway-signed body. */
export interface Contract {
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** A gateway's callback: authenticated by signature or token, not by a schema of ours. */
  signed?: true;
  /** The statuses a refusal may answer with; absent: any 4xx in the one error shape. */
  refusals?: readonly RefusalStatus[];
}

/** What any call of a caller may be refused with before its use case runs (credentials.ts). */
const callerRefusals: Record<Caller, readonly RefusalStatus[]> = {
  guest: [],
  'guest-or-holder': [],
  booking: [401],
  account: [401, 403],
  client: [401, 403],
  browser: [401, 403],
  staff: [401, 403],
  device: [401],
};

/** A use case's route contract, from its declaration: its body's schema and every status it may refuse with. */
function useCaseContract(useCase: AnyUseCase): [string, Contract] {
  const route = useCase.route;
  if (!route) throw new Error(`${useCase.name} has no route`);
  const refusals = [
    // Any change may meet rows locked too long (503, `lockingTransaction`) or a cross-site post (403).
    ...new Set<RefusalStatus>([400, 403, 413, 503, ...callerRefusals[route.caller], ...useCase.refusals]),
  ];
  return [
    `${route.method} /api${route.path}`,
    { ...(route.picture ? {} : { body: useCase.input }), refusals },
  ];
}

/**
 * Every API route (`METHOD /api/path`, as Hono lists it) with what it reads. The fuzz suite generates requests for
 * every route the app registers, from these schemas, and fails for a route missing here: a new route is fuzzed
 * by being registered and described, not by someone remembering to write a test.
 */
export const apiContracts: Record<string, Contract> = {
  'GET /api/health': {},
  'GET /api/ready': {},
  'POST /api/payments/:gateway/callback': { signed: true },
  'GET /api/terminals': {},
  'GET /api/terminals/:code/destinations': {},
  'GET /api/operating-hours': {},
  'GET /api/announcements': {},
  'GET /api/schedules': { query: searchQuerySchema },
  'GET /api/bookings/:id/status': {},
  'GET /api/bookings/:id/qris.png': {},
  'GET /api/bookings/:id': {},
  'GET /api/bookings/:id/trip': {},
  'GET /api/gate/sailings': {},
  'GET /api/gate/sailings/:id': {},
  'GET /api/boarding-pass/keys': {},
  'GET /api/profile': {},
  'GET /api/profile/avatar': {},
  'POST /api/auth/google': { body: googleCodeSchema },
  'GET /api/session': {},
  'GET /api/session/forms/:kind': { query: accountDialogQuerySchema },
  'GET /api/passengers': {},
  // The use cases' routes, as declared (use-cases/registry.ts): none exists without its contract.
  ...Object.fromEntries(useCases.flatMap((useCase) => (useCase.route ? [useCaseContract(useCase)] : []))),
};
