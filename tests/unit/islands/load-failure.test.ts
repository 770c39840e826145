import { describe, expect, it, vi } from 'vitest';
import {
  RELOAD_FLAG,
  handleLoadFailure,
  loadWithRecovery,
  type LoadFailureEnv,
} from '../../../src/islands/shared/load-failure.ts';

function fakeEnv(): LoadFailureEnv & { store: Map<string, string> } {
  const store = new Map<string, string>();
  return {
    store,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => store.set(key, value),
      removeItem: (key) => store.delete(key),
    },
    reload: vi.fn(),
    log: vi.fn(),
  };
}

describe('failed dynamic load', () => {
  it('reloads once, setting the flag, then only logs', () => {
    const env = fakeEnv();
    expect(handleLoadFailure(new Error('chunk'), env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.store.has(RELOAD_FLAG)).toBe(true);

    expect(handleLoadFailure(new Error('chunk again'), env)).toBe(false);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.log).toHaveBeenCalledTimes(1);
  });

  it('re-arms the automatic reload after a successful load', async () => {
    const env = fakeEnv();
    await expect(loadWithRecovery(() => Promise.reject(new Error('x')), env)).rejects.toThrow('x');
    expect(env.reload).toHaveBeenCalledTimes(1);
    await expect(loadWithRecovery(() => Promise.resolve('module'), env)).resolves.toBe('module');
    expect(env.store.has(RELOAD_FLAG)).toBe(false);
    await expect(loadWithRecovery(() => Promise.reject(new Error('y')), env)).rejects.toThrow('y');
    expect(env.reload).toHaveBeenCalledTimes(2);
  });
});
