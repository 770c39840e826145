import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { answerApiCompressed } from '../../src/server/http/api-answer.ts';
import { openApiDoor } from '../../src/server/http/api-door.ts';
import { serveApi } from '../../src/server/http/node-door.ts';
import { apiRead } from '../../src/server/http/reads.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { inScope } from '../../src/server/observability/request-scope.ts';
import { testDeps } from '../support/app.ts';
import { postgres } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** The answer as it crossed the wire: status, headers (but the ones that differ per request) and raw bytes. */
function get(origin: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, unknown> = { ...res.headers };
        delete headers.date;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

// The Node server answers a search itself (http/reads.ts); through the app it answered before. Both must send the
// same status, headers and bytes, whatever the search and however it is asked.
describe('the search answered by the Node server itself', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let server: Server;
  let origin = '';

  beforeAll(async () => {
    ({ handle, drop } = await postgres.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 30);
    server = createServer((req, res) => {
      inScope({ requestId: 'req-12345678' }, () => {
        if (!serveApi(req, res, false)) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    openApiDoor(undefined);
    await new Promise((resolve) => server.close(resolve));
    await drop();
  });

  it.each([
    ['a day of sailings', 'trip=one_way&from=BTC&to=HFC&date=2026-11-22&adults=2&children=1', {}],
    ['gzipped', 'trip=one_way&from=BTC&to=HFC&date=2026-11-22&adults=1', { 'Accept-Encoding': 'gzip' }],
    [
      'a return, in Indonesian',
      'trip=two_way&from=HFC&to=BTC&date=2026-11-23&returnDate=2026-11-25&adults=1',
      { 'Accept-Language': 'id-ID,id;q=0.9' },
    ],
    [
      'an open ticket, lang over the header',
      'trip=open&from=BTC&to=HFC&adults=1&lang=en',
      { 'Accept-Language': 'id' },
    ],
    [
      'a repeated parameter and a +',
      'trip=one_way&from=BTC&from=HFC&to=HFC&date=2026-11-22&adults=1&x=a+b',
      {},
    ],
    ['a refusal', 'trip=round&from=BTC&to=XXX&date=2026-11-2&adults=0', { 'Accept-Encoding': 'gzip' }],
    ['a day gone by', 'trip=one_way&from=BTC&to=HFC&date=2026-11-20&adults=1', { 'Accept-Language': 'id' }],
    ['no route', 'trip=one_way&from=BTC&to=TMF&date=2026-11-22&adults=1', {}],
  ])('%s', async (_case, query, headers: Record<string, string>) => {
    const deps = testDeps(handle.db, now);
    const path = `/api/schedules?${query}`;
    openApiDoor((request, address) => answerApiCompressed(request, address, deps));
    const throughTheApp = await get(origin, path, headers);
    openApiDoor(
      (request, address) => answerApiCompressed(request, address, deps),
      (asked) => apiRead(asked, deps),
    );
    const itself = await get(origin, path, headers);
    expect(itself).toEqual(throughTheApp);
    expect(itself.headers.vary).toContain('Accept-Encoding');
  });
});
