/**
 * Tokens whose signature and claims were checked, remembered until they expire so a client's next
 * requests skip the decode, the HMAC and the claim checks (the account itself is still read on
 * every request). Keyed by the whole token string: a remembered payload is only ever returned for
 * the exact token that was verified, signature included, so no two tokens can share an entry.
 *
 * Why not fast-jwt's own cache: it keys entries by a SHA-256 of the token (after decoding its
 * header to pick the hash), which was 5.6 % of a warm cached read's CPU (~2.3 µs a request), and
 * with a key builder of one's own it warns at every start (GHSA-rp9m-7r4c-75qg: builders that can
 * collide), which an operator would rightly ask about.
 */
export class VerifiedTokens<P extends { exp?: unknown }> {
  private readonly entries = new Map<string, { payload: P; expiresAtMs: number }>();

  constructor(
    /** Verifies a token (throws when it is not valid) and returns its payload. */
    private readonly verify: (token: string) => P,
    private readonly max = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The payload of a valid token; throws as `verify` does for an invalid or expired one. */
  check(token: string): P {
    const known = this.entries.get(token);
    if (known) {
      if (this.now() < known.expiresAtMs) return known.payload;
      this.entries.delete(token);
    }
    const payload = this.verify(token);
    // Only a token that ends is remembered, and never past its end.
    if (typeof payload.exp === 'number') {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(token, { payload, expiresAtMs: payload.exp * 1000 });
    }
    return payload;
  }

  /** Forgets every remembered token (the secret changed, in tests). */
  clear(): void {
    this.entries.clear();
  }
}
