// The holds the benches send: one traveller per request from one of 500 addresses (through a trusted proxy's
// X-Forwarded-For), one adult on one sailing.
import { admin } from '../bench-support.ts';

export const HOLD_ADDRESSES = Array.from(
  { length: 500 },
  (_, i) => `10.${String(i >> 8)}.${String(i & 255)}.7`,
);

export const holdBody = (sailing: string) => JSON.stringify({ trip: 'one_way', out: sailing, adults: 1 });

export function holdRequests(sailing: string) {
  return HOLD_ADDRESSES.map((address) => ({
    method: 'POST' as const,
    path: '/api/bookings',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: holdBody(sailing),
  }));
}

/** The first `count` sailings from five days ahead on Batam Centre - HarbourFront: the benches' hot sailings. */
export async function benchSailings(databaseUrl: string, count: number): Promise<string[]> {
  const { rows } = await admin(
    `select s.id from sailings s join routes r on r.id = s.route_id
     where r.from_terminal = 'BTC' and r.to_terminal = 'HFC' and s.departs_at > now() + interval '5 days'
     order by s.departs_at limit ${String(count)}`,
    databaseUrl,
  );
  const ids = rows.map((row: { id: string }) => row.id);
  if (ids.length < count) throw new Error('no sailings to bench on');
  return ids;
}

/** A sailing with room for every hold of the bench. */
export async function hotSailing(databaseUrl: string): Promise<string> {
  const [id = ''] = await benchSailings(databaseUrl, 1);
  await admin(`update sailings set capacity = 10000000 where id = '${id}'`, databaseUrl);
  return id;
}
