import { Hono } from 'hono';
import { boardingPassJwkSet, type BoardingPassKeys } from '../../boarding-pass/keys.ts';

/**
 * The public keys that boarding passes are signed with, as a JWK set: gate devices fetch it while online and
 * verify passes offline. An hour of caching lets a device refresh at every shift; a rotation publishes the next
 * key well before signing with it (docs/decisions/0005). Anyone may read it, from any site.
 */
export function boardingPassRoutes(keys: () => BoardingPassKeys) {
  return new Hono().get('/boarding-pass/keys', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(boardingPassJwkSet(keys()));
  });
}
