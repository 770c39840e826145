import type { AppDeps } from '../../deps.ts';
import { log } from '../../observability/log.ts';

/**
 * Sends a signed webhook to this site's own configured address (SITE_URL, never the request's Host), as the real
 * gateway does, and says what the endpoint answered (0: it could not be reached).
 */
export async function sendSandboxWebhook(
  deps: Pick<AppDeps, 'siteUrl' | 'clock'>,
  sign: (body: string, now: Date) => string,
  body: object,
) {
  const raw = JSON.stringify(body);
  try {
    const response = await fetch(new URL('/api/payments/sandbox/callback', `${deps.siteUrl}/`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': sign(raw, deps.clock()) },
      body: raw,
    });
    const answer = (await response.json().catch(() => ({}))) as { status?: string; message?: string };
    return { httpStatus: response.status, outcome: answer.status ?? answer.message ?? '' };
  } catch (error) {
    log.error({ err: error }, 'the sandbox webhook could not reach SITE_URL');
    return { httpStatus: 0, outcome: 'unreachable' };
  }
}
