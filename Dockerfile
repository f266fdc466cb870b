# Math Club: the production image (issue 21). One process serves the API and the web app.
#
#   docker build -t mathclub .
#   docker run -p 3000:3000 -v mathclub-data:/data mathclub
#
# On its own it keeps everything in the /data volume (SQLite, images, the JWT secret and the first
# admin password); DATABASE_URL, REDIS_URL and S3_* scale it out (compose.yaml). README.md, "Run it
# in a container". scripts/container-test.sh builds and tries it with podman.
#
# NODE_IMAGE: any Debian-based Node 24 image; the tests build on a local one made from Debian's
# mirror (no registry there). NPM_CONFIG_CAFILE: a CA bundle for npm, for builds behind a TLS proxy.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- Everything npm installs, dev dependencies included, and the build ----
FROM ${NODE_IMAGE} AS build
ARG NPM_CONFIG_CAFILE
WORKDIR /app
# Manifests first: the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# --ignore-scripts: on Node 22+ no package needs its install script. The server loads
# better-sqlite3 13 (Node-API, binaries inside the package) there, sharp, @node-rs/argon2, esbuild
# and rolldown come as prebuilt platform packages; better-sqlite3 12 (only for Node 20) would
# otherwise try to compile itself. Playwright's browser and the like are not wanted in an image.
RUN if [ -z "$NPM_CONFIG_CAFILE" ]; then unset NPM_CONFIG_CAFILE; fi; \
    npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
COPY scripts/precompress-web.mjs scripts/
RUN npm run build

# ---- Production dependencies only (the server's and the shared package's) ----
FROM ${NODE_IMAGE} AS deps
ARG NPM_CONFIG_CAFILE
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Then what a running server never reads: the SQLite drivers' C sources (13 loads its prebuilt
# binary, 12 is for Node 20 only and was not built), their binaries for other platforms, the
# algebra engine's CommonJS and type builds (the server imports its ES modules), type
# declarations, source maps of dependencies, and TypeScript (an optional peer, installed by npm).
RUN if [ -z "$NPM_CONFIG_CAFILE" ]; then unset NPM_CONFIG_CAFILE; fi; \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace @mathclub/server \
    && npm cache clean --force \
    && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
              node_modules/better-sqlite3-napi/deps node_modules/better-sqlite3-napi/src \
              node_modules/@cortex-js/compute-engine/dist/umd-min node_modules/@cortex-js/compute-engine/dist/types \
              node_modules/typescript \
    && find node_modules/better-sqlite3-napi/prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete \
    && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete

# ---- The image: Node, production dependencies, the built server and web app ----
FROM ${NODE_IMAGE} AS run
WORKDIR /app
# A user of its own (no login, no home): the process cannot write outside /data.
RUN echo 'mathclub:x:10001:10001:Math Club:/app:/usr/sbin/nologin' >> /etc/passwd \
    && echo 'mathclub:x:10001:' >> /etc/group \
    && mkdir -p /data && chown 10001:10001 /data && chmod 0700 /data
COPY --from=deps /app /app
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# As `npm start` / `npm run serve` run it (with the flags of CMD below): glibc keeps memory freed by libvips (photos) in one
# arena per thread otherwise (about 150 MB more RSS after a burst of uploads). The mmap threshold
# at 1 MiB keeps blocks of 128 KB-1 MB (compression's working memory) in the heap instead of a
# mapping faulted in afresh per call (docs/operations.md, "Memory").
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=1048576 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
USER 10001:10001
VOLUME ["/data"]
EXPOSE 3000
# /api/ready: the process answers and so does its database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) lets requests in flight finish, closes the database and exits 0 within
# SHUTDOWN_TIMEOUT (10 s by default, docker stop's own grace period).
STOPSIGNAL SIGTERM
# The heap limit is for how V8 grows the heap, not for the room it leaves (docs/operations.md, "Memory").
CMD ["node", "--enable-source-maps", "--max-old-space-size=1024", "apps/server/dist/server.js"]
