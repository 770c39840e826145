import type { ByCategory } from '../../../domain/passengers.ts';
import type { Database } from '../client.ts';
import { fares, paymentChannels, terminalCharges } from '../schema/network.ts';

export interface TerminalTariff {
  terminalFee: ByCategory<number>;
  surcharge: ByCategory<number>;
}

/** Fares, terminal charges and payment-channel fees: a few hundred rows, read on every search and booking. */
export interface Tariffs {
  /** An operator's ticket prices on a route, or undefined when it does not sail there. */
  fare(routeId: string, operatorCode: string): ByCategory<number> | undefined;
  /** Charges of a departure terminal; zero for a terminal without rows. */
  charges(terminal: string): TerminalTariff;
  /** The cheapest channel's transaction fee, quoted before a channel is chosen. */
  lowestTransactionFee: number;
  /** A channel's transaction fee, or undefined for an unknown channel. */
  transactionFee(channel: string): number | undefined;
}

/**
 * How long a process reuses the rows. They change only when the seed step or an operator updates them; a minute
 * of staleness is harmless, and saves two queries on each search (bench:search).
 */
export const TARIFF_CACHE_MS = 60_000;

const none: ByCategory<number> = { adult: 0, child: 0, infant: 0 };

async function loadTariffs(db: Database): Promise<Tariffs> {
  const [charges, channels, fareRows] = await Promise.all([
    db.select().from(terminalCharges),
    db.select().from(paymentChannels),
    db.select().from(fares),
  ]);
  const fareOf = new Map(
    fareRows.map((f) => [
      `${f.routeId}/${f.operatorCode}`,
      { adult: f.adult, child: f.child, infant: f.infant },
    ]),
  );
  const pick = (terminal: string, kind: 'terminal_fee' | 'surcharge'): ByCategory<number> => {
    const row = charges.find((r) => r.terminalCode === terminal && r.kind === kind);
    return row ? { adult: row.adult, child: row.child, infant: row.infant } : none;
  };
  const fees = new Map(channels.map((c) => [c.code, c.transactionFee]));
  return {
    fare: (routeId, operatorCode) => fareOf.get(`${routeId}/${operatorCode}`),
    charges: (terminal) => ({
      terminalFee: pick(terminal, 'terminal_fee'),
      surcharge: pick(terminal, 'surcharge'),
    }),
    lowestTransactionFee: fees.size === 0 ? 0 : Math.min(...fees.values()),
    transactionFee: (channel) => fees.get(channel),
  };
}

const cache = new WeakMap<Database, { loadedAt: number; tariffs: Promise<Tariffs> }>();

/** The tariffs of a database, read at most once a minute per process. A failed read is not kept. */
export function tariffs(db: Database, now = Date.now()): Promise<Tariffs> {
  const entry = cache.get(db);
  if (entry && now - entry.loadedAt < TARIFF_CACHE_MS) return entry.tariffs;
  const loading = loadTariffs(db);
  cache.set(db, { loadedAt: now, tariffs: loading });
  loading.catch(() => cache.delete(db));
  return loading;
}
