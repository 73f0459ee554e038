#!/usr/bin/env bash
# The README's `npm start`, as a newcomer runs it after `npm ci`: on the machine's own Node, with no
# Node put first on PATH by hand (npm's scripts run on the Node 24 that `npm ci` brought: tools/node).
# It must build on first start, answer /readyz, print the first operator's one-time password after
# every start-up line, log no line per request in development, and stop on SIGTERM. CI runs it in a
# fresh clone (.ci/run); anywhere else it leaves the tree's built artefacts and ./data alone.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${README_CHECK_PORT:-18080}
data=$(mktemp -d)
log=$(mktemp)
echo "npm start on the machine's Node $(node -v) ($(command -v node)), PORT=$port, DATA_DIR=$data"

# A process group of its own, so that the whole of `npm start` can be stopped as a terminal would.
PORT=$port DATA_DIR=$data setsid npm start >"$log" 2>&1 &
npm_pid=$!
stop() {
  kill -TERM -- "-$npm_pid" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 "$npm_pid" 2>/dev/null || break; sleep 1; done
  rm -rf "$data"
}
trap stop EXIT

fail() {
  echo "✗ $1" >&2
  echo "── npm start printed ──" >&2
  cat "$log" >&2
  exit 1
}

ready=""
for _ in $(seq 1 300); do
  kill -0 "$npm_pid" 2>/dev/null || fail "npm start exited before it was ready"
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then ready=1; break; fi
  sleep 1
done
[ -n "$ready" ] || fail "no answer from /readyz within 300 s"

for _ in 1 2 3 4 5; do
  curl -fsS "http://127.0.0.1:$port/" >/dev/null
  curl -fsS "http://127.0.0.1:$port/app-api/biz/biz-config/get/basic" >/dev/null
done
sleep 1

grep -q 'EBADENGINE\|ERR_UNKNOWN_FILE_EXTENSION' "$log" && fail "npm start failed on the machine's Node"
running=$(grep -n '"msg":"MineCloud is running"' "$log" | head -n 1 | cut -d: -f1)
box=$(grep -n 'One-time password:' "$log" | head -n 1 | cut -d: -f1)
[ -n "$running" ] || fail "the server never said it was running"
[ -n "$box" ] || fail "no one-time password for the first operator"
[ "$box" -gt "$running" ] || fail "the one-time password was printed before the server was ready (line $box, ready at $running)"
if grep -q '"msg":"\(incoming request\|request completed\)"' "$log"; then
  fail "development logs a line per request"
fi
echo "✓ npm start: built, ready, the one-time password printed last (line $box), no request lines"
