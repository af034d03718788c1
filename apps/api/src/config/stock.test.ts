import { describe, expect, it } from 'vitest';
import { loadConfig } from './index.js';

describe('stock configuration', () => {
  it('holds pieces 15 minutes by default and sweeps expired holds at most a minute apart', () => {
    expect(loadConfig({}).stock).toMatchObject({ holdMinutes: 15, sweepIntervalS: 60 });
    expect(loadConfig({ STOCK_HOLD_MINUTES: '2' }).stock).toMatchObject({
      holdMinutes: 2,
      sweepIntervalS: 30,
    });
  });

  it("bounds what one shopper holds: 10 pieces an account, 30 a network, two holds' time from the first", () => {
    expect(loadConfig({}).stock).toMatchObject({
      maxHoldMinutes: 30,
      maxPiecesPerAccount: 10,
      maxPiecesPerNetwork: 30,
    });
    expect(
      loadConfig({
        STOCK_HOLD_MINUTES: '20',
        STOCK_HOLD_MAX_MINUTES: '25',
        STOCK_HOLD_MAX_PIECES: '4',
        STOCK_HOLD_MAX_PIECES_PER_IP: '12',
      }).stock,
    ).toMatchObject({ maxHoldMinutes: 25, maxPiecesPerAccount: 4, maxPiecesPerNetwork: 12 });
    expect(() => loadConfig({ STOCK_HOLD_MINUTES: '20', STOCK_HOLD_MAX_MINUTES: '10' })).toThrow(
      'Invalid configuration: STOCK_HOLD_MAX_MINUTES: must be at least STOCK_HOLD_MINUTES (20)',
    );
    expect(() => loadConfig({ STOCK_HOLD_MAX_PIECES: '8', STOCK_HOLD_MAX_PIECES_PER_IP: '5' })).toThrow(
      'Invalid configuration: STOCK_HOLD_MAX_PIECES_PER_IP: must be at least STOCK_HOLD_MAX_PIECES (8)',
    );
    for (const [name, value] of [
      ['STOCK_HOLD_MAX_PIECES', '0'],
      ['STOCK_HOLD_MAX_PIECES_PER_IP', 'many'],
      ['STOCK_HOLD_MAX_MINUTES', '2.5'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), name).toThrow(
        new RegExp(`^Invalid configuration: ${name}: `),
      );
    }
  });

  it('stops with one line naming STOCK_HOLD_MINUTES when it is not a whole number of minutes in a day', () => {
    for (const value of ['0', '-5', '1.5', 'soon', '1441']) {
      expect(() => loadConfig({ STOCK_HOLD_MINUTES: value }), value).toThrow(
        /^Invalid configuration: STOCK_HOLD_MINUTES: /,
      );
    }
  });
});
