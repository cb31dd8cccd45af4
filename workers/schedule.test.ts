import { describe, expect, it } from 'vitest';
import { ConfigError } from '../server/config';
import { housekeepingEveryMs } from './schedule';

describe('workers: QUIRE_HOUSEKEEPING_MS', () => {
  it('defaults to an hour and takes whole milliseconds', () => {
    expect(housekeepingEveryMs({})).toBe(3600_000);
    expect(housekeepingEveryMs({ QUIRE_HOUSEKEEPING_MS: '' })).toBe(3600_000);
    expect(housekeepingEveryMs({ QUIRE_HOUSEKEEPING_MS: '500' })).toBe(500);
    expect(housekeepingEveryMs({ QUIRE_HOUSEKEEPING_MS: ' 60000 ' })).toBe(60_000);
  });

  it('refuses a typo, a fraction or a value setInterval would turn into 1 ms, with one clear line', () => {
    for (const bad of ['1h', '3600000ms', '1e6', '-5', '2.5', 'NaN']) {
      expect(() => housekeepingEveryMs({ QUIRE_HOUSEKEEPING_MS: bad }), bad).toThrow(new ConfigError(`QUIRE_HOUSEKEEPING_MS must be a whole number of milliseconds, got "${bad}"`));
    }
    expect(() => housekeepingEveryMs({ QUIRE_HOUSEKEEPING_MS: '0' })).toThrow(/between 100 and 2147483647, got 0/);
    expect(() => housekeepingEveryMs({ QUIRE_HOUSEKEEPING_MS: '2147483648' })).toThrow(ConfigError);
  });
});
