import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import type { GoogleConfig } from '../../src/server/auth/google.ts';

/**
 * A stand-in for Google: a real OpenID Connect provider (oauth2-mock-server) on loopback whose ID tokens carry
 * `claims` (set them before each sign-in), signed with keys it publishes, as Google's are.
 */
export async function startFakeGoogle() {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const fake = {
    provider,
    claims: {} as Record<string, unknown>,
    /** This site's Google settings, pointed at the stand-in. */
    config(overrides: Partial<GoogleConfig> = {}): GoogleConfig {
      const issuer = provider.issuer.url ?? '';
      return {
        clientId: 'segara-web.apps.example',
        clientSecret: 'provider-secret',
        issuer,
        jwksUrl: `${issuer}/jwks`,
        tokenUrl: `${issuer}/token`,
        scriptUrl: `${issuer}/gsi/client`,
        ...overrides,
      };
    },
    stop: () => provider.stop(),
  };
  provider.service.on('beforeTokenSigning', (token: MutableToken) =>
    Object.assign(token.payload, fake.claims),
  );
  return fake;
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
