/** What the baseline process answers: the real server's bytes per kind of request. */
export interface BaselineAnswer {
  status: number;
  contentType: string;
  contentEncoding?: string;
  bodyBase64: string;
}

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
