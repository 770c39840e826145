import { describe, expect, it } from 'vitest';
import { AGENCY_TIME_ZONE } from '../../../src/domain/time-zones.ts';
import { Network } from '../../../src/server/network.ts';

describe("a terminal's zone", () => {
  const network = new Network();

  it("is the terminal's own, and the agency's for a code the network does not know", () => {
    expect(network.zoneOf('HFC')).toBe('Asia/Singapore');
    expect(network.zoneOf('SLT')).toBe('Asia/Kuala_Lumpur');
    expect(network.zoneOf('BTC')).toBe(AGENCY_TIME_ZONE);
    expect(network.zoneOf('XXX')).toBe(AGENCY_TIME_ZONE);
    expect(network.zoneOf(undefined)).toBe(AGENCY_TIME_ZONE);
  });
});
