import { AGENCY_TIME_ZONE, zoneAbbreviation, type TerminalTimeZone } from '../domain/time-zones.ts';
import type { Locale } from '../i18n/locales.ts';
import type { Route, Terminal } from '../schemas/network.ts';
import { loadNetworkData, type NetworkData } from './network-data.ts';

/** Read-only lookups over the sample network, built once per process. */
export class Network {
  readonly data: NetworkData;
  private readonly terminals: Map<string, Terminal>;
  private readonly routes: Map<string, Route>;
  private readonly routesById: Map<string, Route>;
  private readonly operatorNames: Map<string, string>;

  constructor(data: NetworkData = loadNetworkData()) {
    this.data = data;
    this.terminals = new Map(data.terminals.map((t) => [t.id, t]));
    this.routes = new Map(data.routes.map((r) => [`${r.from}-${r.to}`, r]));
    this.routesById = new Map(data.routes.map((r) => [r.id, r]));
    this.operatorNames = new Map(data.operators.map((o) => [o.id, o.name]));
  }

  terminal(code: string): Terminal | undefined {
    return this.terminals.get(code);
  }

  /**
   * The zone a terminal's dates and times are read in. A code the network does not know (a leg not found, data
   * changed since the booking) reads in the agency's zone, as its own dates do, rather than failing a page.
   */
  zoneOf(code: string | undefined): TerminalTimeZone {
    return this.terminal(code ?? '')?.timeZone ?? AGENCY_TIME_ZONE;
  }

  route(from: string, to: string): Route | undefined {
    return this.routes.get(`${from}-${to}`);
  }

  routeById(id: string): Route | undefined {
    return this.routesById.get(id);
  }

  /** The two terminals of a route; the data is validated at load, so a miss is a programming error. */
  ends(route: Route): { from: Terminal; to: Terminal } {
    const from = this.terminal(route.from);
    const to = this.terminal(route.to);
    if (!from || !to) throw new Error(`route ${route.id} has unknown terminals`);
    return { from, to };
  }

  operatorName(code: string): string {
    return this.operatorNames.get(code) ?? code;
  }

  destinations(from: string): string[] {
    return this.data.routes.filter((r) => r.from === from).map((r) => r.to);
  }

  /** A terminal as the API shows it to a reader of `locale`. */
  describeTerminal(terminal: Terminal, locale: Locale) {
    return {
      code: terminal.id,
      name: terminal.name[locale],
      city: terminal.city[locale],
      country: terminal.country,
      timeZone: terminal.timeZone,
      zone: zoneAbbreviation(terminal.timeZone),
    };
  }
}
