import { createServer, type Server } from 'node:http';
import { log } from './log.ts';
import { registry } from './metrics.ts';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), for Prometheus to scrape each process: never behind the
 * site's proxy, so travellers cannot read it. Anything else there is a 404.
 */
export function serveMetrics(port: number, host: string): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(body);
      },
      (error: unknown) => {
        log.error({ err: error }, 'collecting the metrics failed');
        res.writeHead(500).end();
      },
    );
  });
  // A port already taken (two processes given the same settings on one host) costs the metrics, not the site.
  server.on('error', (error) => {
    log.error({ err: error, host, port }, 'the metrics could not listen; running without them');
  });
  server.listen(port, host, () => {
    log.info({ host, port }, 'metrics listening');
  });
  return server;
}
