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

/** A sailing in five days on Batam Centre - HarbourFront, with room for every hold of the bench. */
export async function hotSailing(databaseUrl: string): Promise<string> {
  const { rows } = await admin(
    `select s.id from sailings s join routes r on r.id = s.route_id
     where r.from_terminal = 'BTC' and r.to_terminal = 'HFC' and s.departs_at > now() + interval '5 days'
     order by s.departs_at limit 1`,
    databaseUrl,
  );
  const id = (rows[0] as { id: string } | undefined)?.id;
  if (!id) throw new Error('no sailing to hold seats on');
  await admin(`update sailings set capacity = 10000000 where id = '${id}'`, databaseUrl);
  return id;
}
