import { describe, expect, it } from 'vitest';
import { assertSiteUrlGiven, loadConfig } from '../../../src/server/config.ts';

describe('server configuration', () => {
  it('defaults to port 4321 on all interfaces', () => {
    expect(loadConfig({})).toMatchObject({ HOST: '0.0.0.0', PORT: 4321, TRUST_PROXY: false });
  });

  it('reads HOST, PORT and TRUST_PROXY from the environment', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080', TRUST_PROXY: '1' })).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      TRUST_PROXY: true,
    });
  });

  it.each([{ PORT: 'eighty' }, { PORT: '70000' }, { TRUST_PROXY: 'maybe' }])(
    'refuses %j with a clear message',
    (env) => {
      expect(() => loadConfig(env)).toThrow(/Invalid environment: (PORT|TRUST_PROXY)/);
    },
  );
});

describe('SITE_URL in production', () => {
  it('must be given: links in e-mails and e-tickets are built from it', () => {
    expect(() => {
      assertSiteUrlGiven(loadConfig({}), {});
    }).toThrow(/SITE_URL is not set/);
    expect(() => {
      assertSiteUrlGiven(loadConfig({ NODE_ENV: 'production' }), { NODE_ENV: 'production' });
    }).toThrow(/SITE_URL is not set/);
  });

  it('is not needed in development or tests, and passes once set', () => {
    expect(() => {
      assertSiteUrlGiven(loadConfig({ NODE_ENV: 'test' }), { NODE_ENV: 'test' });
    }).not.toThrow();
    const env = { SITE_URL: 'https://segaraferry.example' };
    expect(() => {
      assertSiteUrlGiven(loadConfig(env), env);
    }).not.toThrow();
  });
});
