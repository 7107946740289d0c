#!/bin/bash
# A cached order detail against the floor, on one build (issue 33; docs/performance.md, "The cached read's
# profile"): starts BINARY on a new SQLite database with the demo data and the response cache on, signs a bearer
# token for the demo shopper, then runs wrk (1 thread, 16 connections, 5 s) on one of their orders and on
# `GET /config/v1/us` (the floor: about the same size, no token, no database) in turn, twice. Compare builds by
# the detail / floor ratio of runs made one after the other, the machine's load moves both. With `perf`, a
# profile of the detail is recorded to /tmp/perf.data (`perf report -i /tmp/perf.data --no-children`).
#
#   bench/cached_read.sh target/release/orders [perf]
set -euo pipefail
BIN=$1
PORT=${PORT:-18500}
WORK=$(mktemp -d)
DB=$WORK/cached.db
"$BIN" serve --addr "127.0.0.1:$PORT" --database-url "$DB" --token-key bench-token-signing-key \
  --response-cache-mib 64 >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 150); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
UPM=$(sqlite3 "$DB" "SELECT upm_id FROM members WHERE email = 'shopper@example.com'")
ORDER=$(sqlite3 "$DB" "SELECT order_number FROM orders WHERE upm_id = '$UPM' AND order_type = 'SALES_ORDER' ORDER BY order_number LIMIT 1")
TOKEN=$(cd "$(dirname "$0")" && python3 -c "from bench import token_for; print(token_for('$UPM'))")
DETAIL="http://127.0.0.1:$PORT/orders/history/v1/$ORDER?locale=en-US&country=US&language=en&timezone=UTC"
FLOOR="http://127.0.0.1:$PORT/config/v1/us"
echo "detail $(curl -s -o /dev/null -w '%{http_code} %{size_download} bytes' -H "Authorization: Bearer $TOKEN" "$DETAIL")," \
  "floor $(curl -s -o /dev/null -w '%{http_code} %{size_download} bytes' "$FLOOR")"
wrk -t1 -c16 -d3s -H "Authorization: Bearer $TOKEN" "$DETAIL" >/dev/null
for _ in 1 2; do
  echo "detail: $(wrk -t1 -c16 -d5s -H "Authorization: Bearer $TOKEN" "$DETAIL" | grep Requests/sec)"
  echo "floor:  $(wrk -t1 -c16 -d5s "$FLOOR" | grep Requests/sec)"
done
if [ "${2:-}" = perf ]; then
  wrk -t1 -c16 -d12s -H "Authorization: Bearer $TOKEN" "$DETAIL" >/dev/null &
  LOAD=$!
  sleep 1
  perf record -F 999 -g -p "$SERVER" -o /tmp/perf.data -- sleep 8 2>/dev/null
  wait $LOAD
fi
