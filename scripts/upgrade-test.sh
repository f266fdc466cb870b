#!/usr/bin/env bash
# A rolling upgrade on one PostgreSQL database, with the previous release's real code (issue 21;
# the procedure is in docs/operations.md):
#   1. the previous release starts on an empty database (its migrations, its owner account) and
#      serves a journey;
#   2. this release starts beside it on the same database and migrates it;
#   3. the previous release, still running, serves the whole journey again on the migrated
#      database (sign-in, task list, a task with an image, a photo answer, a verdict), this release
#      sees the answer it took at once (through its read caches), and serves the journey too;
#   4. the previous release is restarted on the migrated database;
#   5. SIGTERM ends both with exit code 0.
# The previous release is checked out with `git worktree` (PREV_RELEASE or the first argument;
# default: the last release that landed before this one's newest migration) and run from its TypeScript sources
# with this checkout's node_modules. Skipped with one line without PostgreSQL or that commit.
#   scripts/upgrade-test.sh [commit]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
# The last release that landed (stop 37): the release before migration 2026112800.
PREV=${1:-${PREV_RELEASE:-e2b405c}}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
OLD_PORT=${UPGRADE_TEST_OLD_PORT:-3334}
NEW_PORT=${UPGRADE_TEST_NEW_PORT:-3335}
TSX="$ROOT/node_modules/.bin/tsx"

if ! psql "$PG_URL" -qAtc 'select 1' >/dev/null 2>&1; then
  echo "upgrade test skipped: PostgreSQL does not answer at $PG_URL"
  exit 0
fi
if ! git cat-file -e "$PREV^{commit}" 2>/dev/null; then
  echo "upgrade test skipped: the previous release's commit $PREV is not in this clone (shallow clone?)"
  exit 0
fi

START=$SECONDS
WORK=$(mktemp -d /tmp/mathclub-upgrade-XXXXXX)
PREV_TREE="$WORK/prev"
DB="mathclub_upgrade_$$"
DB_URL="${PG_URL%/*}/$DB"
JWT_SECRET="upgrade-test-jwt-secret-$$-0123456789abcdef"
PIDS=()
cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  git worktree remove --force "$PREV_TREE" >/dev/null 2>&1 || true
  psql "$PG_URL" -qc "drop database if exists $DB" >/dev/null 2>&1 || true
  if [ "$status" -eq 0 ]; then rm -rf "$WORK"; echo "upgrade test passed in $((SECONDS - START)) s"; else echo "upgrade test FAILED (exit $status); logs in $WORK"; fi
}
trap cleanup EXIT

git worktree add --detach -q "$PREV_TREE" "$PREV"
echo "previous release: $(git log -1 --format='%h %ad %s' --date=short "$PREV" | cut -c1-120)"
# This checkout's packages, but the previous release's own workspaces (@mathclub/shared above all).
mkdir -p "$PREV_TREE/node_modules/@mathclub"
for entry in "$ROOT"/node_modules/* "$ROOT"/node_modules/.bin; do
  [ "$(basename "$entry")" = "@mathclub" ] || ln -s "$entry" "$PREV_TREE/node_modules/$(basename "$entry")"
done
ln -s "$PREV_TREE/packages/shared" "$PREV_TREE/node_modules/@mathclub/shared"
ln -s "$PREV_TREE/apps/server" "$PREV_TREE/node_modules/@mathclub/server"
# A package the previous release's server depends on and this checkout no longer has (one this
# release dropped, such as @fastify/rate-limit): installed on the side at the version the previous
# release's lockfile names, and linked in, so the old server runs with what it shipped with.
missing=$(node -e '
  const [serverPkg, lockFile, root] = process.argv.slice(1);
  const fs = require("node:fs");
  const deps = JSON.parse(fs.readFileSync(serverPkg, "utf8")).dependencies ?? {};
  const lock = JSON.parse(fs.readFileSync(lockFile, "utf8")).packages ?? {};
  for (const [name, range] of Object.entries(deps)) {
    if (name.startsWith("@mathclub/") || fs.existsSync(`${root}/node_modules/${name}`)) continue;
    console.log(`${name}@${lock[`node_modules/${name}`]?.version ?? range}`);
  }' "$PREV_TREE/apps/server/package.json" "$PREV_TREE/package-lock.json" "$ROOT")
if [ -n "$missing" ]; then
  echo "the previous release's own versions of: $missing"
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$WORK/prev-extra" $missing >/dev/null
  for spec in $missing; do
    name=${spec%@*}
    if [[ $name == @*/* ]]; then
      # The scope's folder is a link into this checkout: make it a folder of links, then add one.
      scope="$PREV_TREE/node_modules/${name%%/*}"
      if [ -L "$scope" ]; then
        shared=$(readlink "$scope")
        rm "$scope" && mkdir "$scope"
        for entry in "$shared"/*; do ln -s "$entry" "$scope/$(basename "$entry")"; done
      fi
      mkdir -p "$scope"
    fi
    ln -s "$WORK/prev-extra/node_modules/$name" "$PREV_TREE/node_modules/$name"
  done
fi

psql "$PG_URL" -qc "create database $DB" >/dev/null

# start_server NAME TREE PORT: the server from TREE's sources, on the shared database.
start_server() {
  local name=$1 tree=$2 port=$3
  mkdir -p "$WORK/$name-data"
  (cd "$tree/apps/server" && exec env DATABASE_URL="$DB_URL" JWT_SECRET="$JWT_SECRET" DATA_DIR="$WORK/$name-data" PORT="$port" HOST=127.0.0.1 \
    LOG_LEVEL=warn CHECKER_THREADS=1 "$TSX" --conditions=source src/server.ts >>"$WORK/$name.log" 2>&1) &
  PIDS+=($!)
  eval "${name//-/_}_PID=$!"
  local deadline=$((SECONDS + 90))
  until curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1; do
    if ! kill -0 "${PIDS[-1]}" 2>/dev/null; then tail -n 20 "$WORK/$name.log"; echo "$name exited at start"; return 1; fi
    [ $SECONDS -lt $deadline ] || { tail -n 20 "$WORK/$name.log"; echo "$name not ready in 90 s"; return 1; }
    sleep 0.3
  done
  echo "$name: ready on port $port"
}
journey() { # NAME PORT
  echo "-- journey on $1"
  "$TSX" "$ROOT/scripts/smoke-journey.ts" --url "http://127.0.0.1:$2" --login admin --password "$(cat "$WORK/old-data/initial-admin-password")" | sed "s/^/   [$1] /"
}
stop_server() { # NAME PID
  local name=$1 pid=$2 code=0
  kill -TERM "$pid"
  wait "$pid" || code=$?
  [ "$code" -eq 0 ] || { tail -n 20 "$WORK/$name.log"; echo "$name exited $code on SIGTERM"; return 1; }
  echo "$name: SIGTERM → exit 0"
}
migrations() { psql "$DB_URL" -qAtc 'select name from kysely_migration order by name' | tr '\n' ' '; }

start_server old "$PREV_TREE" "$OLD_PORT"
echo "migrations after the previous release: $(migrations)"
journey old "$OLD_PORT"

# The answers the owner sees through this release (its read caches are warm after the first read).
answers_seen_by_new() {
  local token
  token=$(curl -fsS -H 'content-type: application/json' -d "{\"login\":\"admin\",\"password\":\"$(cat "$WORK/old-data/initial-admin-password")\"}" \
    "http://127.0.0.1:$NEW_PORT/api/auth/login" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).access_token')
  curl -fsS -H "authorization: Bearer $token" "http://127.0.0.1:$NEW_PORT/api/solutions" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).length'
}

start_server new "$ROOT" "$NEW_PORT"
echo "migrations after this release: $(migrations)"
before=$(answers_seen_by_new)
journey old "$OLD_PORT"
# An answer written by the previous release is seen at once through this release's caches.
after=$(answers_seen_by_new)
[ "$after" -eq $((before + 1)) ] || { echo "this release saw $before answers, then $after after the previous release took one (expected $((before + 1)))"; exit 1; }
echo "this release sees the answer the previous release took ($before → $after answers)"
journey new "$NEW_PORT"

stop_server old "$old_PID"
if grep -q migrationsFromNewerRelease "$PREV_TREE/apps/server/src/db/migrate.ts"; then
  start_server old "$PREV_TREE" "$OLD_PORT"
  journey old "$OLD_PORT"
  stop_server old "$old_PID"
else
  # Releases before issue 21 refuse a database with migrations they do not know (Kysely's
  # "previously executed migration is missing"): an old instance must not be restarted once
  # the new release has migrated. From this release on, it starts (docs/operations.md).
  echo "note: $PREV predates the newer-database check: not restarted on the migrated database"
fi
stop_server new "$new_PID"
