/** The compressions the API sends, best first when the client likes them equally. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * The coding to answer with under an Accept-Encoding header (RFC 9110 §12.5.3): the acceptable one
 * with the highest q, br before gzip on a tie; `*` stands for any coding not named; q=0 refuses.
 * null: send the bytes as they are (no header, nothing acceptable, or a malformed header).
 */
export function preferredCoding(header: string | undefined): ContentCoding | null {
  return acceptedCodings(header)[0] ?? null;
}

const NONE: readonly ContentCoding[] = Object.freeze([]);

/**
 * Headers already worked out. Browsers send a handful of distinct values, and parsing one was
 * 4.6 % of the CPU of a cached list's read; a client sending a new value each time only makes the
 * map start over. Long values (a header of 16 KB is possible) are parsed each time, not kept.
 */
const remembered = new Map<string, readonly ContentCoding[]>();
const REMEMBERED_MAX = 64;
const REMEMBERED_LONGEST = 256;

/** Every coding of CONTENT_CODINGS the header accepts, the client's favourite first (br before gzip on a tie). */
export function acceptedCodings(header: string | undefined): readonly ContentCoding[] {
  if (!header) return NONE;
  let codings = remembered.get(header);
  if (codings === undefined) {
    codings = Object.freeze(parseAcceptedCodings(header));
    if (header.length <= REMEMBERED_LONGEST) {
      if (remembered.size >= REMEMBERED_MAX) remembered.clear();
      remembered.set(header, codings);
    }
  }
  return codings;
}

function parseAcceptedCodings(header: string): ContentCoding[] {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=(.*)$/i.exec(param);
      // A weight that is not a number makes the entry unusable (NaN fails the check below).
      if (match) q = /^\s*[0-9.]+\s*$/.test(match[1]!) ? Number(match[1]) : NaN;
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) continue;
    // A coding listed twice keeps its first weight, as most servers do.
    if (!weights.has(name)) weights.set(name, q);
  }
  return CONTENT_CODINGS.map((coding, order) => ({ coding, order, q: weights.get(coding) ?? weights.get('*') ?? 0 }))
    .filter((c) => c.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((c) => c.coding);
}
