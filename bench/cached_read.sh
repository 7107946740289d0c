#!/bin/bash
# A cached order detail against the floor, on one build (issue 33; docs/performance.md, "The cached read's
# profile"): starts BINARY on a new SQLite database with the demo data and the response cache on, signs a bearer
# token for the demo shopper, then runs wrk (1 thread, 16 connections, 5 s) on one of their orders and on
# `GET /config/v1/us` (the floor: about the same size, no token, no database) in turn, twice. Compare builds by
# the detail / floor ratio of runs made one after the other, the machine's load moves both. When nginx is
# installed, it serves the very bytes of both answers (bench/nginx.conf.template) and each run is followed by
# nginx's, for the ratio to nginx. With `perf`, a profile of the detail is recorded to /tmp/perf.data
# (`perf report -i /tmp/perf.data --no-children`).
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
NGINX_PORT=$((PORT + 1))
if command -v nginx >/dev/null; then
  mkdir -p "$WORK/root/orders/history/v1" "$WORK/root/config/v1" "$WORK/nginx-tmp"
  curl -s -H "Authorization: Bearer $TOKEN" "$DETAIL" >"$WORK/root/orders/history/v1/$ORDER"
  curl -s "$FLOOR" >"$WORK/root/config/v1/us"
  sed -e "s|{out}|$WORK|g" -e "s|{port}|$NGINX_PORT|g" -e "s|{root}|$WORK/root|g" \
    "$(dirname "$0")/nginx.conf.template" >"$WORK/nginx.conf"
  nginx -c "$WORK/nginx.conf"
  trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; kill "$(cat "$WORK/nginx.pid")" 2>/dev/null; rm -rf "$WORK"' EXIT
fi
rate() { wrk -t1 -c16 -d5s "$@" | awk '/Requests\/sec/ {print $2}'; }
wrk -t1 -c16 -d3s -H "Authorization: Bearer $TOKEN" "$DETAIL" >/dev/null
for _ in 1 2; do
  ours=$(rate -H "Authorization: Bearer $TOKEN" "$DETAIL")
  floor=$(rate "$FLOOR")
  if [ -f "$WORK/nginx.conf" ]; then
    nginx_detail=$(rate "${DETAIL/:$PORT/:$NGINX_PORT}")
    nginx_floor=$(rate "${FLOOR/:$PORT/:$NGINX_PORT}")
    echo "detail $ours rps (nginx $nginx_detail: $(python3 -c "print(f'{$ours/$nginx_detail:.2f}')")), floor $floor rps (nginx $nginx_floor: $(python3 -c "print(f'{$floor/$nginx_floor:.2f}')")), detail / floor $(python3 -c "print(f'{$ours/$floor:.2f}')")"
  else
    echo "detail $ours rps, floor $floor rps, detail / floor $(python3 -c "print(f'{$ours/$floor:.2f}')")"
  fi
done
if [ "${2:-}" = perf ]; then
  wrk -t1 -c16 -d12s -H "Authorization: Bearer $TOKEN" "$DETAIL" >/dev/null &
  LOAD=$!
  sleep 1
  perf record -F 999 -g -p "$SERVER" -o /tmp/perf.data -- sleep 8 2>/dev/null
  wait $LOAD
fi
