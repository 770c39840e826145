import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../../src/server/http/client-address.ts';

const request = (forwarded?: string) =>
  new Request(
    'http://localhost/api/bookings',
    forwarded ? { headers: { 'X-Forwarded-For': forwarded } } : {},
  );

describe('clientAddress', () => {
  it('believes no header unless told that proxies of ours stand in front', () => {
    expect(clientAddress(request('1.2.3.4'), 0, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts trusted proxies from the right, so a client cannot choose its own key', () => {
    const chain = request('6.6.6.6, 203.0.113.5, 10.0.0.2');
    expect(clientAddress(chain, 1, '10.0.0.3')).toBe('10.0.0.2');
    expect(clientAddress(chain, 2, '10.0.0.3')).toBe('203.0.113.5');
  });

  it('falls back to the socket when the chain is too short or its entry is no address', () => {
    expect(clientAddress(request('203.0.113.5'), 2, '10.0.0.3')).toBe('10.0.0.3');
    expect(clientAddress(request('not-an-ip, evil'), 1, '10.0.0.3')).toBe('10.0.0.3');
    expect(clientAddress(request(), 1, '10.0.0.3')).toBe('10.0.0.3');
    expect(clientAddress(request('2001:db8::1'), 1)).toBe('2001:db8::1');
  });
});
