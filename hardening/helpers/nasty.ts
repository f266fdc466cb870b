import fc from 'fast-check';

/** Strings that have broken parsers, databases and renderers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00y',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '\u200B\u200C\u200D\u2060',
  '\uFEFFbom',
  '👨‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '$\\href{javascript:alert(1)}{x}$',
  "'; drop table users; --",
  '" OR 1=1 --',
  '../../../etc/passwd',
  '%00',
  '%',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '007',
  '1.5',
  '-1',
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  'x'.repeat(256),
  'я'.repeat(10_001),
  'x'.repeat(100_000),
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map((s) => s.repeat(2000)) },
  );

/** Any JSON-ish value with the nasty strings and numbers mixed in, nested a little. */
export const nastyValue = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      nastyString(),
      fc.integer(),
      fc.constantFrom(0, -1, 1, 5, 12, 13, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 0.5),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

/**
 * A JSON object written by hand from key/value pairs, so keys may repeat and `__proto__` stays a
 * real key in the text (JSON.stringify would drop or rename neither, but objects cannot hold them).
 */
export const rawJsonObject = (keys: string[]): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) }), nastyValue()), { maxLength: 8 })
    .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`);

/** Broken or odd JSON texts. */
export const rawJsonText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '[', 'nul', '{"a":1}{"b":2}', '\uFEFF{}', '{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"x":1}}}', '[]', '0', '""', 'null'),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ unit: 'binary', maxLength: 60 }),
  );

/** Percent-encodes like encodeURIComponent, but lone surrogates become invalid UTF-8 bytes instead of throwing. */
export function encodeLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

/** A query string from key/value pairs: repeated keys, prototype keys, raw broken escapes. */
export const queryString = (keys: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, `${keys[0]}[]`, `${keys[0]}[x]`) }),
        fc.oneof(nastyString().map(encodeLoose), fc.constantFrom('%', '%zz', '%C0%AF', '%ED%A0%80', '1', '2', 'true', 'false', 'week', 'all')),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encodeLoose(k)}=${v}`).join('&'));

/** A path segment that is anything but a plain id. */
export const pathSegment = (): fc.Arbitrary<string> =>
  fc.oneof(
    nastyString().map((s) => encodeLoose(s.slice(0, 300))),
    fc.constantFrom('%', '%zz', '%2e%2e', '..%2f..%2fetc', '0', '-1', '1.5', '1e3', '99999999999999999999', '%00', '+1', ' 1'),
    fc.integer().map(String),
  );
