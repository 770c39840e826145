import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryOfReply, guessedPhoneCountry, placeable } from '../../src/server/http/pages/country-guess.ts';

/** An IP-to-country service as config.ts describes it (`1;CC;...`), run by the test on a local port. */
let service: Server;
let base = '';
const asked: string[] = [];
const replies: Record<string, string> = {
  '203.0.113.7': '1;SG;SGP;Singapore',
  '198.51.100.9': '1;MY;MYS;Malaysia',
  '192.0.2.1': '0;;;WRONG INPUT',
};

beforeAll(async () => {
  service = createServer((request, response) => {
    const ip = decodeURIComponent((request.url ?? '').slice(1));
    asked.push(ip);
    if (ip === '192.0.2.99') {
      setTimeout(() => response.end('1;SG;SGP;Singapore'), 3000); // too slow to wait for
      return;
    }
    response.end(replies[ip] ?? '2;;;UNKNOWN');
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((service.address() as AddressInfo).port)}/{ip}`;
});
afterAll(() => {
  service.closeAllConnections();
  service.close();
});

describe("the phone input's country guessed from the visitor's address (off by default)", () => {
  it('reads the country only from a reply whose first field is 1 and whose second is a country', () => {
    expect(countryOfReply('1;SG;SGP;Singapore')).toBe('SG');
    expect(countryOfReply('1;ID;IDN;Indonesia\n')).toBe('ID');
    expect(countryOfReply('0;;;WRONG INPUT')).toBeUndefined();
    expect(countryOfReply('2;;;UNKNOWN')).toBeUndefined();
    expect(countryOfReply('1;ZZ;ZZZ;Nowhere')).toBeUndefined();
    expect(countryOfReply('1;sg;sgp;lower')).toBeUndefined();
    expect(countryOfReply('<html>')).toBeUndefined();
  });

  it('asks the configured service once per address, and keeps Indonesia otherwise', async () => {
    expect(await guessedPhoneCountry(base, '203.0.113.7', 'ID')).toBe('SG');
    expect(await guessedPhoneCountry(base, '203.0.113.7', 'ID')).toBe('SG');
    expect(asked.filter((ip) => ip === '203.0.113.7')).toHaveLength(1);
    expect(await guessedPhoneCountry(base, '198.51.100.9', 'ID')).toBe('MY');
    expect(await guessedPhoneCountry(base, '192.0.2.1', 'ID')).toBe('ID');
    const before = asked.length;
    expect(await guessedPhoneCountry(undefined, '198.51.100.10', 'ID')).toBe('ID');
    expect(asked).toHaveLength(before); // not configured: nobody is asked
  });

  it('never sends a private, loopback or link-local address (a proxy we were not told of) anywhere', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      '100.64.1.1',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      'fe80::1',
      '',
    ])
      expect(placeable(address)).toBe(false);
    for (const address of ['203.0.113.7', '2001:db8::1', '::ffff:203.0.113.7'])
      expect(placeable(address)).toBe(true);
    const before = asked.length;
    expect(await guessedPhoneCountry(base, '10.0.0.8', 'ID')).toBe('ID');
    expect(asked).toHaveLength(before);
  });

  it('does not keep a page waiting on a slow or absent service', async () => {
    const started = performance.now();
    expect(await guessedPhoneCountry(base, '192.0.2.99', 'ID')).toBe('ID');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await guessedPhoneCountry('http://127.0.0.1:9/{ip}', '192.0.2.50', 'ID')).toBe('ID');
  });
});
