import { describe, expect, it } from 'vitest';
import { AccountStreams } from './account-streams.js';

describe('AccountStreams', () => {
  it('names the oldest streams beyond the limit, and only for accounts it watches', () => {
    const streams = new AccountStreams(2);
    expect(streams.told(1, 'stream.opened', 'a')).toEqual([]);
    streams.watch(1);
    expect(streams.told(1, 'stream.opened', 'a')).toEqual([]);
    expect(streams.told(1, 'stream.opened', 'b')).toEqual([]);
    expect(streams.told(1, 'stream.opened', 'b')).toEqual([]);
    expect(streams.told(1, 'stream.opened', 'c')).toEqual(['a']);
    expect(streams.told(1, 'stream.closed', 'b')).toEqual([]);
    expect(streams.told(1, 'stream.opened', 'd')).toEqual([]);
    expect(streams.told(1, 'stream.opened', 'e')).toEqual(['c']);
    streams.forget(1);
    expect(streams.told(1, 'stream.opened', 'f')).toEqual([]);
  });
});
