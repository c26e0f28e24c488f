#!/usr/bin/env bash
# Conformance run of schemathesis against the OpenAPI document of the JSON API.
#
# Installs schemathesis into a venv (.venv-schemathesis, or $VENV), serves a fresh archive of the
# corpus with `annals serve` on a free local port, runs schemathesis against /api/openapi.json
# with a bounded number of examples per operation, and stops the server. Writes the report to
# $OUT (default target/schemathesis.txt). Exit status: schemathesis's.
#
#   scripts/schemathesis.sh [MAX_EXAMPLES]    (default 50)
#
# Writes are sent with a real admin token of a club made for the run, so that the checks reach
# the handlers rather than stopping at 401. `DELETE /api/tokens/{id}` is left out: it would revoke
# that very token (token 1) and turn the rest of the run into 401s.
set -euo pipefail
cd "$(dirname "$0")/.."
MAX_EXAMPLES="${1:-50}"
VENV="${VENV:-.venv-schemathesis}"
OUT="${OUT:-target/schemathesis.txt}"

if [ ! -x "$VENV/bin/schemathesis" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --upgrade pip
  "$VENV/bin/pip" install --quiet schemathesis
fi

# The binary as `cargo test` builds it (the same features, so no second build of the tree).
[ "${SKIP_BUILD:-0}" = 1 ] || cargo build --quiet --bin annals
BIN="${CARGO_TARGET_DIR:-target}/debug/annals"
TMP="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

TOKEN="$("$BIN" --db "$TMP/a.db" club add "Schemathesis club" | tail -n 1)"
"$BIN" --db "$TMP/a.db" serve --addr 127.0.0.1:0 --corpus corpus >"$TMP/serve.out" 2>"$TMP/serve.err" &
SERVER_PID=$!
for _ in $(seq 1 200); do
  grep -q "serving on" "$TMP/serve.out" 2>/dev/null && break
  sleep 0.1
done
BASE="$(sed -n 's#^annals serving on \(http://[^/]*\)/.*#\1#p' "$TMP/serve.out")"
[ -n "$BASE" ] || { echo "the server did not start"; cat "$TMP/serve.err"; exit 1; }
echo "serving on $BASE"

mkdir -p "$(dirname "$OUT")"
: > "$OUT"
# Twice: with the admin token (writes reach their handlers) and without any credentials (every
# write must answer 401/404, every read as documented). Each run is capped at $TIME_CAP seconds.
TIME_CAP="${TIME_CAP:-240}"
STATUS=0
for AUTH in token none; do
  echo "== schemathesis, credentials: $AUTH" | tee -a "$OUT"
  HEADER=()
  [ "$AUTH" = token ] && HEADER=(--header "Authorization: Bearer $TOKEN")
  set +e
  timeout "$TIME_CAP" "$VENV/bin/schemathesis" run "$BASE/api/openapi.json" \
    --url "$BASE" \
    "${HEADER[@]}" \
    --checks all \
    --exclude-path '/api/tokens/{id}' \
    --max-examples "$MAX_EXAMPLES" \
    --seed 1 \
    --no-color 2>&1 | tee -a "$OUT"
  RUN=${PIPESTATUS[0]}
  set -e
  if [ "$RUN" = 124 ]; then echo "schemathesis ($AUTH): over the time cap of $TIME_CAP s" | tee -a "$OUT"; fi
  [ "$RUN" = 0 ] || STATUS=$RUN
done
echo "server errors logged:"; grep -c "request failed" "$TMP/serve.err" || true
exit "$STATUS"
