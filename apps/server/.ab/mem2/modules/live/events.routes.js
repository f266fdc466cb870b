import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { failure } from '../../plugins/openapi-responses.js';
const lastEventIdHeader = z.object({
    'last-event-id': z
        .string()
        .regex(/^\d{1,15}$/, 'live.error.lastEventId')
        .optional()
        .meta({ description: 'The id of the last event received: the events after it are sent first (kept for a day).' }),
});
/**
 * GET /api/events: server-sent events for the signed-in user (PRODUCT.md §12), read with a streamed
 * fetch that sends the bearer token like every other call (docs/architecture.md says why not a
 * ticket). The stream stays open; a comment line every 25 s keeps proxies from closing it.
 */
export async function eventsRoutes(app) {
    const r = app.withTypeProvider();
    r.get('/api/events', {
        schema: {
            tags: ['live'],
            operationId: 'streamEvents',
            summary: 'Live events for you (text/event-stream): new tasks, answers, verdicts, achievements',
            description: 'Each event has an id, a kind (`event:` task.published, task.updated, task.closed, solution.submitted, solution.judged, achievement.earned, student.waiting (to the teachers of a group: a sign-up through its code waits); `ready` once the stream is live, `resync` when too much was missed to replay) and JSON data. ' +
                'The account is checked again before every event and every heartbeat, and at once on every instance when a session ends: a deactivated or logged-out account’s stream ends within a second. ' +
                'An account holds at most 5 streams (a sixth ends the oldest); an address at most LIVE_STREAMS_PER_ADDRESS on one instance, then 429.',
            security: [{ bearerAuth: [] }],
            headers: lastEventIdHeader,
            response: {
                429: failure('This address holds its bound of open streams on this instance; wait the Retry-After seconds.'),
                200: {
                    description: 'The open stream.',
                    content: { 'text/event-stream': { schema: z.string().meta({ description: 'id: …\\nevent: …\\ndata: {…}\\n\\n, and `: ping` comment lines.' }) } },
                },
            },
        },
        onRequest: app.authorize('live.stream'),
        handler: async (request, reply) => {
            const header = request.headers['last-event-id'];
            const resumeAfter = typeof header === 'string' ? Number(header) : null;
            // Refused before anything is written: the address holds its bound of streams here.
            app.liveHub.admit(request.ip);
            const body = new PassThrough();
            const sink = {
                write: (text) => {
                    body.write(text);
                },
                buffered: () => body.readableLength + (reply.raw.writableLength ?? 0),
                end: () => body.end(),
            };
            // The response's close: the client went away (the request's own 'close' fires once its body
            // is read). A stream the server ends takes its connection with it at once, so closing the
            // server never waits for a client to notice.
            const socket = request.raw.socket;
            reply.raw.on('close', () => {
                app.liveHub.remove(request);
                socket.destroy();
            });
            reply.raw.on('finish', () => socket.destroy());
            reply
                .header('content-type', 'text/event-stream; charset=utf-8')
                // nginx and similar proxies would otherwise hold the events back in their buffers.
                .header('x-accel-buffering', 'no')
                // When the stream ends (shutdown, account refused) the connection goes with it, so closing
                // the server never waits for a kept-alive socket the client is not using.
                .header('connection', 'close');
            // A retry hint for clients, and bytes at once so the headers leave now, not with the first event.
            body.write('retry: 2000\n\n');
            await app.liveHub.open(request, sink, resumeAfter);
            // A stream: the response schema describes its text for the document, Fastify pipes it as it is.
            return reply.send(body);
        },
    });
}
//# sourceMappingURL=events.routes.js.map