/** What the baseline process answers: the real server's bytes per kind of request. */
export interface BaselineAnswer {
  status: number;
  contentType: string;
  contentEncoding?: string;
  /**
   * The server's other headers (security headers, cache-control, rate-limit counters…), sent as
   * they were: autocannon parses every header line, so a baseline sending the body with three
   * headers against the server's twenty gave the load generator less work on the baseline's
   * side and lowered the ratio of small answers for a reason that is not the server's.
   */
  headers?: Record<string, string | string[]>;
  bodyBase64: string;
}

/** Headers node:http writes itself (or that describe this connection), never copied to the baseline. */
export const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-type', 'content-encoding']);

export interface BaselineAnswers {
  /** By `answerKey(method, url)`; a request matching none gets the default answer. */
  byKey: Record<string, BaselineAnswer>;
  defaultKey: string;
}

/**
 * One key per kind of request: the method and the URL with its ids folded, so
 * `PUT /api/solutions/812` and `PUT /api/solutions/77`, or two groups' leaderboards, get the same
 * answer while `GET /api/solutions` and `GET /api/solutions?reviewed=false` stay apart.
 */
export function answerKey(method: string, url: string): string {
  return `${method} ${url.replace(/([/=])\d+(?=[/&]|$)/g, '$1:id')}`;
}
