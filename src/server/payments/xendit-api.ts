import { GatewayUnreachable } from './gateway.ts';

/** One answer of Xendit's API: the status and the parsed JSON body (undefined when there was none or it was not JSON). */
export interface ApiAnswer {
  status: number;
  ok: boolean;
  data: unknown;
}

export interface XenditApiOptions {
  /** The secret API key: the Basic auth user (with an empty password). Never logged, never in an error message. */
  secretKey: string;
  /** The API origin, e.g. https://api.xendit.co (tests point it at a local fake). */
  apiUrl: string;
  fetch?: typeof fetch;
  /** Per request, including reading the answer. */
  timeoutMs: number;
}

export type ApiCall = (
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  action: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
) => Promise<ApiAnswer>;

export function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

export function text(data: unknown, key: string): string | undefined {
  const value = field(data, key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * An amount as Xendit sends it. The schemas of the v3 payments API type amounts as numbers, but the examples of the
 * same pages (docs.xendit.co/apidocs/get-payment, create-payment-request) show them as strings ("10000"): a string
 * of digits is read as the number it spells; anything else is passed on for reportedPayment to refuse.
 */
export function amountIn(data: unknown, key: string): unknown {
  const value = field(data, key);
  return typeof value === 'string' && /^\d{1,15}(\.\d{1,4})?$/.test(value) ? Number(value) : value;
}

/** "Xendit answered 400 (API_VALIDATION_ERROR) to create VA": status and Xendit's error code, nothing we sent. */
export function describeFailure(action: string, answer: ApiAnswer): string {
  const code = text(answer.data, 'error_code');
  // Only a plain Xendit-style code is echoed: a misbehaving upstream must not inject text into our logs.
  const suffix = code && /^[A-Z0-9_]{1,80}$/.test(code) ? ` (${code})` : '';
  return `Xendit answered ${answer.status}${suffix} to ${action}`;
}

/**
 * Xendit's API over HTTP with Basic auth (the API reference's "Authentication"): one call throws GatewayUnavailable
 * only when no answer came (GatewayUnreachable), and leaves the meaning of a status to the caller.
 */
export function xenditApi(options: XenditApiOptions): ApiCall {
  const doFetch = options.fetch ?? fetch;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  return async (method, path, action, body, extraHeaders = {}) => {
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: 'application/json',
      ...extraHeaders,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let status: number;
    let ok: boolean;
    let raw: string;
    try {
      // One signal covers connecting and reading the body, so a server that stalls mid-answer also times out.
      const response = await doFetch(`${apiUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      ok = response.ok;
      raw = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut ? `no answer within ${options.timeoutMs} ms` : 'unreachable';
      // The cause carries the network error only (fetch errors never include request headers, so not the key).
      throw new GatewayUnreachable(`Xendit ${reason} to ${action}`, { cause: error });
    }
    let data: unknown;
    try {
      data = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      data = undefined;
    }
    return { status, ok, data };
  };
}
