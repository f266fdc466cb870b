import http from 'node:http';
/**
 * Opens GET /api/events on a listening app with a bearer token (and Last-Event-ID), over a
 * connection of its own (node:http, no pool: fetch's pool leaves spare sockets the server then
 * waits for when it closes).
 */
export async function openStream(baseUrl, token, lastEventId) {
    const abort = new AbortController();
    const res = await new Promise((resolve, reject) => {
        const req = http.get(`${baseUrl}/api/events`, {
            agent: false,
            headers: { authorization: `Bearer ${token}`, ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
            signal: abort.signal,
        });
        req.on('response', resolve);
        req.on('error', reject);
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
        if (typeof value === 'string')
            headers.set(name, value);
    const events = [];
    const waiters = new Set();
    let done = false;
    const ended = (async () => {
        let buffer = '';
        res.setEncoding('utf8');
        try {
            for await (const value of res) {
                buffer += value;
                let cut;
                while ((cut = buffer.indexOf('\n\n')) >= 0) {
                    const block = buffer.slice(0, cut);
                    buffer = buffer.slice(cut + 2);
                    const fields = new Map();
                    for (const line of block.split('\n')) {
                        if (line.startsWith(':') || !line.includes(':'))
                            continue;
                        const at = line.indexOf(':');
                        fields.set(line.slice(0, at), line.slice(at + 1).replace(/^ /, ''));
                    }
                    if (!fields.has('data'))
                        continue;
                    events.push({ id: fields.get('id'), event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data')) });
                    for (const w of waiters)
                        w();
                }
            }
        }
        catch {
            // aborted by the test
        }
        finally {
            done = true;
            for (const w of waiters)
                w();
        }
    })();
    const waitFor = (match, ms = 5_000) => new Promise((resolve, reject) => {
        const check = () => {
            const found = events.find(match);
            if (found) {
                waiters.delete(check);
                clearTimeout(timer);
                resolve(found);
            }
            else if (done) {
                waiters.delete(check);
                clearTimeout(timer);
                reject(new Error(`stream ended without the event; got ${events.map((e) => e.event).join(', ')}`));
            }
        };
        const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`no such event within ${ms} ms; got ${events.map((e) => e.event).join(', ')}`));
        }, ms);
        waiters.add(check);
        check();
    });
    return { status: res.statusCode ?? 0, headers, events, ended, waitFor, close: () => abort.abort() };
}
//# sourceMappingURL=test-stream.js.map