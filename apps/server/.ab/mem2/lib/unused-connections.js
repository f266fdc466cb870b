/**
 * Watches `server`'s connections so that a shutdown can end those that hold no request.
 *
 * Node's `closeIdleConnections()` is not enough: a connection that has sent nothing yet, or only
 * part of a request's headers, counts as active in Node (so that `headersTimeout` applies to it),
 * and `server.close()` waits for it. One such client (a port scanner, a browser's speculative
 * connection, a stalled proxy) held SIGTERM for the whole SHUTDOWN_TIMEOUT and made it exit 1.
 * A request is in flight from the moment its headers are complete: Node then gives the socket its
 * response (`_httpMessage`) until that response is sent, so a socket without one is unused, and
 * an upload still arriving is never cut.
 */
export function watchConnections(server) {
    const open = new Set();
    server.on('connection', (socket) => {
        open.add(socket);
        socket.once('close', () => open.delete(socket));
    });
    return {
        close() {
            let closed = 0;
            for (const socket of open) {
                if (socket._httpMessage)
                    continue;
                socket.destroy();
                closed++;
            }
            return closed;
        },
    };
}
//# sourceMappingURL=unused-connections.js.map