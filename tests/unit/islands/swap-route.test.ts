import { describe, expect, it } from 'vitest';
import { swapRoute } from '../../../src/islands/search-form/swap-route.ts';
import type { TerminalOption } from '../../../src/islands/search-form/types.ts';

const terminal = (code: string, destinations: string[]): TerminalOption => ({
  code,
  name: code,
  country: 'ID',
  destinations,
});
// BTC sails both ways with HFC; TMF sails to BTC, but BTC has no sailing to TMF in this network.
const terminals = [terminal('BTC', ['HFC']), terminal('HFC', ['BTC']), terminal('TMF', ['BTC'])];

describe('swapping From and To', () => {
  it('turns a route around when it sails both ways', () => {
    expect(swapRoute(terminals, 'BTC', 'HFC')).toEqual({ from: 'HFC', to: 'BTC' });
  });

  it('empties To when the new origin does not sail to the old one', () => {
    expect(swapRoute(terminals, 'TMF', 'BTC')).toEqual({ from: 'BTC', to: '' });
  });

  it('moves a lone origin to To, where every terminal is offered', () => {
    expect(swapRoute(terminals, 'TMF', '')).toEqual({ from: '', to: 'TMF' });
  });

  it('moves a lone destination to From', () => {
    expect(swapRoute(terminals, '', 'HFC')).toEqual({ from: 'HFC', to: '' });
  });

  it('keeps nothing unknown', () => {
    expect(swapRoute(terminals, 'XXX', '')).toEqual({ from: '', to: '' });
    expect(swapRoute(terminals, '', '')).toEqual({ from: '', to: '' });
  });
});
