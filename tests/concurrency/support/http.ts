// JSON calls to the API server processes of the concurrency tests, answered as { status, body } (never thrown).
import type { ApiProcess } from './api-processes.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export async function call(
  api: ApiProcess | undefined,
  path: string,
  method = 'GET',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${api?.url ?? ''}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });
