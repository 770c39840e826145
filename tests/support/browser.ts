/**
 * A browser's cookies across in-process requests: what `Set-Cookie` answers keep (a `Max-Age=0` deletes), sent
 * back as `Cookie`, with the page's own origin and anti-forgery header on changes, as the site's pages send them.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie line of the last answer, for asserting its attributes. */
  lastSetCookies: string[] = [];

  private readonly app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
  readonly origin: string;

  constructor(app: TestBrowser['app'], origin = 'http://localhost') {
    this.app = app;
    this.origin = origin;
  }

  async request(path: string, init: RequestInit & { json?: unknown; forged?: boolean; from?: string } = {}) {
    const { json, forged, from, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('Host', new URL(this.origin).host);
    if (this.cookies.size > 0)
      headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const method = rest.method ?? 'GET';
    if (method !== 'GET') {
      headers.set('Origin', from ?? this.origin);
      const csrf = this.cookies.get('segara_csrf');
      if (csrf && !forged) headers.set('X-CSRF-Token', csrf);
    }
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    const answer = await this.app.request(path, {
      ...rest,
      method,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    this.lastSetCookies = answer.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', ...value] = pair.split('=');
      const gone = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    return answer;
  }

  /** Logs in as the login page's island does (its anti-forgery cookie first, then `POST /api/session`). */
  async logIn(email: string, password: string, extra: Record<string, string> = {}) {
    await this.request('/api/session');
    return this.request('/api/session', { method: 'POST', json: { email, password, ...extra } });
  }

  /** The Set-Cookie line the last answer gave `name`. */
  setCookie(name: string): string | undefined {
    return this.lastSetCookies.find((line) => line.startsWith(`${name}=`));
  }
}
