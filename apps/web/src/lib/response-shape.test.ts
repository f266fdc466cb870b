import { describe, expect, it } from 'vitest';
import { asList, asObjectWithLists } from './response-shape';

describe('response shape checks', () => {
  it('passes lists and objects of the expected shape through', () => {
    expect(asList([1, 2])).toEqual([1, 2]);
    expect(asObjectWithLists({ id: 1, groups: [] }, 'groups')).toEqual({ id: 1, groups: [] });
  });

  it('turns anything else into an error', () => {
    for (const bad of [{}, null, 'x', 1]) expect(() => asList(bad)).toThrow();
    for (const bad of [[], null, {}, { groups: 'x' }]) expect(() => asObjectWithLists(bad, 'groups')).toThrow();
  });
});
