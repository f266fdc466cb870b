import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_SECONDS = 86_400;

/**
 * Expiring, unguessable image links (PRODUCT.md §5): `/api/files/<key>?exp=<unix s>&sig=<hmac>`.
 * The expiry is rounded to whole days so a link stays byte-identical all day and the browser can
 * cache the image; it is valid for at least one and at most two days.
 */
export class ImageUrlSigner {
  /** Links already signed for the current expiry: a review list signs the same images on every load. */
  private readonly recent = new Map<string, { exp: number; url: string }>();

  constructor(
    private readonly secret: string,
    private readonly remember = 5000,
  ) {}

  /** The URL a client may use to fetch `key`, or undefined when there is no image. */
  urlFor(key: string | null | undefined, now = Date.now()): string | undefined {
    if (!key) return undefined;
    const exp = ImageUrlSigner.expiry(now);
    const known = this.recent.get(key);
    if (known?.exp === exp) return known.url;
    const url = `/api/files/${key}?exp=${exp}&sig=${this.sign(key, exp)}`;
    this.recent.delete(key);
    this.recent.set(key, { exp, url });
    if (this.recent.size > this.remember) this.recent.delete(this.recent.keys().next().value!);
    return url;
  }

  /** True when `sig` was made by this server for `key` and `exp` has not passed. */
  verify(key: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(exp) || exp * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(key, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The expiry every link signed at `now` gets (unix seconds): it changes once a day. */
  static expiry(now = Date.now()): number {
    return (Math.floor(now / 1000 / DAY_SECONDS) + 2) * DAY_SECONDS;
  }

  /** Seconds until `exp`, for Cache-Control. */
  static secondsLeft(exp: number, now = Date.now()): number {
    return Math.max(0, Math.floor(exp - now / 1000));
  }

  private sign(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`image:${key}:${exp}`).digest('base64url');
  }
}
