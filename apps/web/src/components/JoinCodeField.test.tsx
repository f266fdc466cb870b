import { describe, expect, it } from 'vitest';
import { checkJoinCode } from './JoinCodeField';

describe('checkJoinCode (issue 49): what can be said of a code as it is typed', () => {
  it('counts the missing characters, after dropping spaces and dashes and raising the case', () => {
    expect(checkJoinCode('')).toMatchObject({ state: 'empty' });
    expect(checkJoinCode('acd3-e')).toMatchObject({ state: 'short', code: 'ACD3E', missing: 3 });
    expect(checkJoinCode('acd3 efg4')).toMatchObject({ state: 'ok', code: 'ACD3EFG4' });
    expect(checkJoinCode('ACD3EFG4A')).toMatchObject({ state: 'long' });
  });
  it('names the first character codes never hold (look-alikes are left out of them)', () => {
    expect(checkJoinCode('ACO3')).toMatchObject({ state: 'bad', bad: 'O' });
    expect(checkJoinCode('AC13EFG4')).toMatchObject({ state: 'bad', bad: '1' });
  });
});
