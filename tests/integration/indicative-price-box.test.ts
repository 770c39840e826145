import { getViteConfig } from 'astro/config';
import type * as ContainerModule from 'astro/container';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndicativeRateTable } from '../../src/domain/indicative-price.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { bookingById } from '../../src/server/http/pages/booking-by-id.ts';
import type { BookingView } from '../../src/server/services/booking-view.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { testApp, testDeps } from '../support/app.ts';
import { bookingReadyToPay } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';

/*
 * Issue 38 item 6: the price box of a booking's pages (its details, payment and order pages all render
 * components/booking/BookingPrice.astro with the booking the page loaded) shows the total in SGD or MYR under the
 * rupiah one for a reader from Singapore or Malaysia, and says nothing without the agency's current rates. Rendered
 * as the server renders it: Astro's container over the site's own Vite config, the booking read from a seeded
 * database by the pages' loader, the page's request (its Accept-Language) and Astro.locals as the middleware sets them.
 */

// Friday 27 November 2026, 10:00 in Batam: the day the agency set its rates.
const now = new Date('2026-11-27T03:00:00Z');
const rates: IndicativeRateTable = { rates: { SGD: 12_150, MYR: 3_560 }, date: '2026-11-27' };

type Container = Awaited<ReturnType<typeof ContainerModule.experimental_AstroContainer.create>>;

/** The text of the indicative line (tags stripped), or undefined when there is none. */
function indicativeText(html: string): string | undefined {
  const match = /<p[^>]*data-testid="indicative-price"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, '').trim();
}

/** The rupiah total the same box shows. */
function totalText(html: string): string | undefined {
  return /data-testid="booking-total"[^>]*>([^<]*)</.exec(html)?.[1];
}

describe("the indicative price in a booking's price box", () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let vite: ViteDevServer;
  let container: Container;
  let BookingPrice: Parameters<Container['renderToString']>[0];
  let fromBatam: string;
  let fromSingapore: string;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 10));
    const app = testApp(handle.db, now);
    fromBatam = (await bookingReadyToPay(app, { date: '2026-11-30' })).id;
    const search = (await (
      await app.request('/api/schedules?trip=one_way&from=HFC&to=BTC&date=2026-11-30&adults=1')
    ).json()) as SearchResult;
    const held = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trip: 'one_way', out: search.outbound?.sailings[0]?.id, adults: 1 }),
    });
    expect(held.status).toBe(201);
    fromSingapore = ((await held.json()) as { id: string }).id;

    // The site's own Vite config (astro.config.mjs), so the component compiles as the build compiles it; no file
    // watcher. Loading astro.config.mjs reads a developer's .env into process.env: the other files of this worker
    // get the environment back as it was.
    const environment = { ...process.env };
    const config = await getViteConfig(
      {
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        appType: 'custom',
        logLevel: 'error',
      },
      { logLevel: 'error' },
    )({ mode: 'test', command: 'serve' });
    vite = await createServer({ ...config, configFile: false });
    // The container from that Vite too, so the component and the Astro runtime rendering it are one module graph.
    const { experimental_AstroContainer } = (await vite.ssrLoadModule(
      'astro/container',
    )) as typeof ContainerModule;
    container = await experimental_AstroContainer.create();
    BookingPrice = (
      (await vite.ssrLoadModule('/src/components/booking/BookingPrice.astro')) as {
        default: typeof BookingPrice;
      }
    ).default;
    for (const name of Object.keys(process.env))
      if (!(name in environment)) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, environment);
  }, 180_000);
  afterAll(async () => {
    await vite.close();
    await drop();
  });

  const render = async (
    id: string,
    options: {
      locale?: Locale;
      language?: string;
      table?: IndicativeRateTable | undefined;
      paid?: boolean;
    },
  ) => {
    const { locale = 'en', language, paid = false } = options;
    // `table: undefined` is "no rates configured"; left out, the agency's rates above.
    const table = 'table' in options ? options.table : rates;
    const deps: AppDeps = { ...testDeps(handle.db, now), indicativeRates: table };
    const loaded = await bookingById(deps, id, locale);
    if (!loaded) throw new Error(`no booking ${id}`);
    const booking: BookingView = paid ? { ...loaded, status: 'paid' } : loaded;
    const path = locale === 'id' ? `/id/booking/${id}` : `/booking/${id}`;
    return container.renderToString(BookingPrice, {
      props: { locale, booking },
      request: new Request(`http://localhost${path}`, {
        headers: language ? { 'Accept-Language': language } : {},
      }),
      locals: { locale, deps },
    });
  };

  it('shows a reader from Singapore the total in SGD at the agency rate, under the rupiah total', async () => {
    const html = await render(fromBatam, { language: 'en-SG,en;q=0.9' });
    const total = totalText(html);
    expect(total).toMatch(/^IDR [\d,]+$/);
    const rupiah = Number(total?.replace(/\D/g, ''));
    const sgd = (Math.round((rupiah * 100) / 12_150) / 100).toFixed(2);
    expect(indicativeText(html)).toBe(
      `Indicative only: about S$\u00a0${sgd} at our exchange rate of 27 November 2026. You are charged in rupiah.`,
    );
    expect(html.indexOf('data-testid="booking-total"')).toBeLessThan(
      html.indexOf('data-testid="indicative-price"'),
    );
  });

  it('shows a reader from Malaysia MYR, in Indonesian on the Indonesian page', async () => {
    const html = await render(fromBatam, { locale: 'id', language: 'ms-MY' });
    const rupiah = Number(totalText(html)?.replace(/\D/g, ''));
    const myr = (Math.round((rupiah * 100) / 3_560) / 100).toFixed(2).replace('.', ',');
    expect(indicativeText(html)).toBe(
      `Hanya perkiraan: sekitar RM\u00a0${myr} menurut kurs kami per 27 November 2026. Tagihan Anda tetap dalam rupiah.`,
    );
  });

  it('says the total was paid in rupiah once the booking is paid', async () => {
    expect(indicativeText(await render(fromBatam, { language: 'zh-SG', paid: true }))).toMatch(
      /^Indicative only: about S\$\u00a0[\d,]+\.\d\d at our exchange rate of 27 November 2026\. You paid in rupiah\.$/,
    );
  });

  it("takes the currency from a Singapore departure terminal whatever the browser's language", async () => {
    expect(indicativeText(await render(fromSingapore, {}))).toMatch(/about S\$\u00a0[\d,]+\.\d\d at our/);
    expect(indicativeText(await render(fromSingapore, { language: 'ms-MY' }))).toMatch(/about S\$/);
  });

  it.each([
    ['no rates are configured', { language: 'en-SG', table: undefined }],
    ['the rates are 15 days old', { language: 'en-SG', table: { ...rates, date: '2026-11-12' } }],
    ['there is no rate for the currency', { language: 'ms-MY', table: { ...rates, rates: { SGD: 12_150 } } }],
    ['the reader is from elsewhere', { language: 'en-GB,en;q=0.9' }],
    ['the browser names no language', {}],
  ] as const)('says nothing when %s', async (_, options) => {
    const html = await render(fromBatam, options);
    expect(totalText(html)).toMatch(/^IDR /);
    expect(html).not.toContain('indicative-price');
  });
});
