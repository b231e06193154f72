#!/usr/bin/env bash
# Browser end-to-end tests of `dust1947 serve` (tests/e2e/, docs/server.md): installs Debian's
# chromium and playwright-core when missing, starts the server on a free loopback port with a
# temporary database, runs the tests, and stops the server.
#
#   scripts/e2e.sh                    # everything
#   DUST_SERVER_BIN='path/to/dust1947 serve' scripts/e2e.sh   # another server command (takes --port, --db, --host, --edition)
#   DUST_E2E_ONLY=battlefield_table scripts/e2e.sh             # one test file (tests/e2e/NAME.test.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing chromium (Debian)"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "== installing node and npm (Debian)"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
fi
if [ ! -d tests/e2e/node_modules/playwright-core ] || [ ! -d tests/e2e/node_modules/@axe-core/playwright ]; then
  echo "== installing playwright-core"
  (cd tests/e2e && { npm ci --no-audit --no-fund || npm install --no-audit --no-fund; })
fi

if [ -n "${DUST_SERVER_BIN:-}" ]; then
  read -r -a SERVER <<<"$DUST_SERVER_BIN"
else
  echo "== building dust1947"
  cargo build --bin dust1947
  TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
  SERVER=("$TARGET_DIR/debug/dust1947" serve)
fi

PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
TMP=$(mktemp -d)
DB="$TMP/e2e.sqlite"
export DUST_URL="http://127.0.0.1:$PORT"
export DUST_PID_FILE="$TMP/server.pid"
export DUST_SERVER_LOG="$TMP/server.log"
export DUST_SERVER_CMD="${SERVER[*]} --port $PORT --db $DB --host 127.0.0.1"
# The bare server command, for tests that start a server of their own (lib.mjs, startServer).
export DUST_SERVER="${SERVER[*]}"
export DUST_SHOTS="${DUST_SHOTS:-$ROOT/target/e2e-screens}"

cleanup() {
  if [ -f "$DUST_PID_FILE" ]; then
    kill "$(cat "$DUST_PID_FILE")" 2>/dev/null || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT

echo "== starting the server on $DUST_URL"
"${SERVER[@]}" --port "$PORT" --db "$DB" --host 127.0.0.1 >"$DUST_SERVER_LOG" 2>&1 &
echo $! >"$DUST_PID_FILE"
disown  # the crash test kills it: no job report
for _ in $(seq 1 100); do
  if node -e "fetch(process.env.DUST_URL + '/api/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
    break
  fi
  sleep 0.1
done

echo "== browser tests"
status=0
(cd tests/e2e && node --test --test-concurrency=1 ./${DUST_E2E_ONLY:-*}.test.mjs) || status=$?
if [ "$status" -ne 0 ]; then
  echo "== server log"
  tail -n 50 "$DUST_SERVER_LOG" || true
fi
exit "$status"
