/** One server-sent event: its id (if any), kind and raw data text. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Reads the text/event-stream format (WHATWG HTML §9.2) from chunks as they arrive: fields up to a
 * blank line make an event; comment lines (heartbeats) are skipped; `data` lines join with "\n".
 * Small on purpose: the stream is read with fetch (EventSource cannot send the bearer header).
 */
export function createSseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) onEvent({ id, event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };
  return (chunk) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A chunk ending in "\r" may be half of "\r\n": wait for the next one.
      if (newline === buffer.length - 1 && buffer.endsWith('\r')) break;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  };
}
