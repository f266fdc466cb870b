import { createHmac } from 'node:crypto';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Hand-made JWTs for attack tests: any header, any payload, any key (or no signature). */
export function craftToken(header: Record<string, unknown>, payload: Record<string, unknown>, secret?: string): string {
  const head = `${b64url(header)}.${b64url(payload)}`;
  if (secret === undefined) return `${head}.`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The payload of a JWT, unverified. */
export function decodeToken(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
