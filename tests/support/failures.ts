import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A URL where nothing listens: a port that was just free and is closed again. */
export async function unreachableUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => {
    closed.listen(0, '127.0.0.1', resolve);
  });
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    closed.close(() => {
      resolve();
    });
  });
  return `http://127.0.0.1:${port}`;
}

export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}
