import { z } from 'zod';
import fares from '../content/network/fares.json' with { type: 'json' };
import operators from '../content/network/operators.json' with { type: 'json' };
import paymentChannels from '../content/network/payment-channels.json' with { type: 'json' };
import routes from '../content/network/routes.json' with { type: 'json' };
import terminals from '../content/network/terminals.json' with { type: 'json' };
import timetables from '../content/network/timetables.json' with { type: 'json' };
import {
  fareSchema,
  operatorSchema,
  paymentChannelSchema,
  routeSchema,
  terminalSchema,
  timetableSchema,
  type Fare,
  type Operator,
  type PaymentChannel,
  type Route,
  type Terminal,
  type TimetableEntry,
} from '../schemas/network.ts';

export interface NetworkData {
  terminals: Terminal[];
  operators: Operator[];
  routes: Route[];
  timetables: TimetableEntry[];
  fares: Fare[];
  paymentChannels: PaymentChannel[];
}

/**
 * The sample network of src/content/network, validated with the same schemas Astro's content collections use,
 * plus the cross-references a schema cannot see (every route's terminals exist, every timetable has a fare...).
 */
export function loadNetworkData(): NetworkData {
  const data: NetworkData = {
    terminals: z.array(terminalSchema).parse(terminals),
    operators: z.array(operatorSchema).parse(operators),
    routes: z.array(routeSchema).parse(routes),
    timetables: z.array(timetableSchema).parse(timetables),
    fares: z.array(fareSchema).parse(fares),
    paymentChannels: z.array(paymentChannelSchema).parse(paymentChannels),
  };
  const problems = crossReferenceProblems(data);
  if (problems.length > 0)
    throw new Error(`src/content/network is inconsistent:\n- ${problems.join('\n- ')}`);
  return data;
}

export function crossReferenceProblems(data: NetworkData): string[] {
  const problems: string[] = [];
  const terminalCodes = new Set(data.terminals.map((t) => t.id));
  const operatorCodes = new Set(data.operators.map((o) => o.id));
  const routeIds = new Set(data.routes.map((r) => r.id));
  const fareKeys = new Set(data.fares.map((f) => `${f.route}/${f.operator}`));
  for (const route of data.routes) {
    if (!terminalCodes.has(route.from) || !terminalCodes.has(route.to))
      problems.push(`route ${route.id}: unknown terminal`);
    if (route.id !== `${route.from}-${route.to}`.toLowerCase())
      problems.push(`route ${route.id}: id must be from-to`);
  }
  for (const entry of data.timetables) {
    if (!routeIds.has(entry.route)) problems.push(`timetable ${entry.id}: unknown route ${entry.route}`);
    if (!operatorCodes.has(entry.operator))
      problems.push(`timetable ${entry.id}: unknown operator ${entry.operator}`);
    if (!fareKeys.has(`${entry.route}/${entry.operator}`)) problems.push(`timetable ${entry.id}: no fare`);
  }
  const slugs = data.terminals.map((t) => t.slug);
  for (const slug of new Set(slugs))
    if (slugs.indexOf(slug) !== slugs.lastIndexOf(slug)) problems.push(`terminal slug ${slug} is not unique`);
  return problems;
}
