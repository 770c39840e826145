import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';

/**
 * The OpenID Connect provider the browser tests sign in with Google against (playwright.config.ts starts it beside
 * the site, whose GOOGLE_* settings point here): real code exchange, real signed ID tokens, a real key set. Which
 * person signs in is the test's to choose: the authorization code it hands the page is that person's claims as
 * base64url JSON, and the provider writes them into the token it signs.
 */
const port = Number(process.env.OIDC_PORT ?? 4490);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token: MutableToken, request: { body?: { code?: unknown } }) => {
  const code = request.body?.code;
  if (typeof code !== 'string') return;
  try {
    Object.assign(token.payload, JSON.parse(Buffer.from(code, 'base64url').toString('utf8')) as object);
  } catch {
    // Not a test's code: the token keeps the provider's own claims (no e-mail), which the site refuses.
  }
});
await server.start(port, '127.0.0.1');
// It names itself `localhost`; the site is told 127.0.0.1 (playwright.config.ts), and the two must be one issuer.
server.issuer.url = `http://127.0.0.1:${String(port)}`;
console.log(`OpenID Connect provider for the browser tests at ${server.issuer.url}`);
