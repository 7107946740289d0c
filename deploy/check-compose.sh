#!/usr/bin/env bash
# Starts deploy/compose.yaml with Docker as an operator would and checks what it promises: PostgreSQL healthy,
# both orders processes healthy behind the proxy, demo data seeded with the documented command, the web app
# through the proxy, an ops write through one process read at once through the other and through the proxy,
# the proxy sharing requests between both, and `stop` ending both processes on SIGTERM within the grace
# period (exit 0). Then `down -v`, and the image it built ($ORDERS_IMAGE, orders:check-compose) is removed
# (KEEP_IMAGE=1 keeps it and its build cache).
#
#   deploy/check-compose.sh                      # the real base images (Docker Hub)
#   STAND_IN_BASES=1 deploy/check-compose.sh     # no registry: local stand-ins first (deploy/stand-in-bases.sh)
#
# ORDERS_PORT (18080) is the proxy's published port on the host. Uses `docker compose` when present, else
# the v1 `docker-compose`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROJECT="${PROJECT:-orders-check}"
export ORDERS_PORT="${ORDERS_PORT:-18080}" ORDERS_IMAGE="${ORDERS_IMAGE:-orders:check-compose}"
export ORDERS_OPS_KEY=check-ops-key ORDERS_TOKEN_KEY=check-token-key
PROXY="http://127.0.0.1:$ORDERS_PORT"
WORK="$(mktemp -d)"
SUMMARY=()
step() { printf '\n==> %s\n' "$*"; }
fail() { echo "check-compose: FAIL: $*" >&2; exit 1; }
pass() { echo "ok: $*"; SUMMARY+=("ok    $*"); }
now() { date +%s.%N; }
since() { awk -v from="$1" -v to="$(now)" 'BEGIN { printf "%.1fs", to - from }'; }
if docker compose version >/dev/null 2>&1; then COMPOSE=(docker compose); else COMPOSE=(docker-compose); fi
DC=("${COMPOSE[@]}" -p "$PROJECT" -f "$ROOT/deploy/compose.yaml")
container() { "${DC[@]}" ps -q "$1"; }
ip() { docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(container "$1")"; }
healthy() { [ "$(docker inspect -f '{{.State.Health.Status}}' "$(container "$1")")" = healthy ]; }
await() { # await SECONDS DESCRIPTION COMMAND...: until the command succeeds
  local limit=$(($(date +%s) + $1)) what="$2"; shift 2
  until "$@" >/dev/null 2>&1; do [ "$(date +%s)" -lt "$limit" ] || fail "$what"; sleep 0.5; done
}

cleanup() {
  local status=$?
  [ "$status" = 0 ] || { echo "--- last logs"; "${DC[@]}" logs --tail 20 2>&1 | tail -80; }
  step "down -v"
  "${DC[@]}" down -v --remove-orphans >"$WORK/down.log" 2>&1 || tail "$WORK/down.log"
  if [ "${KEEP_IMAGE:-0}" != 1 ]; then
    docker rmi "$ORDERS_IMAGE" >/dev/null 2>&1 || true
    # The build's other stages (web app, compiler) stay behind as untagged images: remove those it made.
    comm -13 "$WORK/dangling.before" <(docker images -q --no-trunc -f dangling=true | sort) \
      | xargs -r docker rmi >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}

if [ "${STAND_IN_BASES:-0}" = 1 ]; then
  started="$(now)"
  "$ROOT/deploy/stand-in-bases.sh" docker
  SUMMARY+=("time  stand-in base images: $(since "$started")")
fi
docker images -q --no-trunc -f dangling=true | sort >"$WORK/dangling.before"
trap cleanup EXIT

step "build $ORDERS_IMAGE (the Rust workspace compiles in release inside the build)"
started="$(now)"
# orders-1 only: orders-2 names the same image, which `up` then finds.
"${DC[@]}" build orders-1 >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; fail "the image did not build"; }
SUMMARY+=("time  build: $(since "$started")")

step "up -d (proxy on $PROXY)"
started="$(now)"
"${DC[@]}" up -d >"$WORK/up.log" 2>&1 || { cat "$WORK/up.log"; fail "up -d failed"; }
await 120 "postgres did not become healthy" healthy postgres
await 120 "the proxy did not answer /healthz" curl -sf "$PROXY/healthz"
SUMMARY+=("time  up -d to the proxy answering /healthz: $(since "$started")")
pass "postgres healthy (its pg_isready healthcheck); the proxy answers /healthz"
SIZE="$(docker image inspect -f '{{.Size}}' "$ORDERS_IMAGE")"
SUMMARY+=("size  orders image: $((SIZE / 1000000)) MB ($SIZE bytes)")
await 60 "orders-1 did not become healthy" healthy orders-1
await 60 "orders-2 did not become healthy" healthy orders-2
pass "orders-1 and orders-2 healthy (the image's HEALTHCHECK)"

step "seed demo data with the documented command"
started="$(now)"
# The command compose.yaml's header gives (v1 and v2 see that stdin is no terminal).
"${DC[@]}" run --rm orders-1 seed --members 50 --orders 2000 </dev/null | tee "$WORK/seed.log" \
  || fail "the seed command failed"
grep -q '^seeded 50 members, 2000 orders' "$WORK/seed.log" || fail "the seed did not report 50 members, 2000 orders"
SUMMARY+=("time  seed --members 50 --orders 2000: $(since "$started")")
pass "run --rm orders-1 seed --members 50 --orders 2000"

step "what an operator checks"
curl -sf "$PROXY/orders" | grep -q '<div id="root">' || fail "the web app is not served through the proxy"
pass "GET /orders through the proxy: the web app"

ONE="http://$(ip orders-1):8080" TWO="http://$(ip orders-2):8080"
UPM="$("${DC[@]}" exec -T postgres psql -U orders -d orders -Atc "SELECT upm_id FROM members WHERE email = 'shopper@example.com'")"
[ -n "$UPM" ] || fail "the seed has no shopper@example.com"
# A member token, signed with the processes' shared ORDERS_TOKEN_KEY (HS256, as the server issues them).
TOKEN="$(python3 - "$UPM" "$ORDERS_TOKEN_KEY" <<'PY'
import base64, hashlib, hmac, json, sys, time
b64 = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()
head = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
now = int(time.time())
claims = b64(json.dumps({"sub": sys.argv[1], "iss": "orders", "iat": now, "exp": now + 600}).encode())
print(f"{head}.{claims}." + b64(hmac.new(sys.argv[2].encode(), f"{head}.{claims}".encode(), hashlib.sha256).digest()))
PY
)"
# Each status written through orders-1 is what orders-2 and the proxy answer at once (no shared cache but
# PostgreSQL).
for status in created shipped delivered; do
  body="{\"orderNumber\":\"C09999999990\",\"orderType\":\"SALES_ORDER\",\"country\":\"US\",\"currency\":\"USD\",\"upmId\":\"$UPM\",\"orderDate\":\"2026-10-30T10:00:00Z\",\"shippingTotal\":0,\"lines\":[{\"lineNumber\":1,\"gtin\":\"00012345678905\",\"skuId\":\"SKU-1\",\"productId\":\"P1\",\"styleColor\":\"AR2-001\",\"title\":\"Stride Runner 4\",\"category\":\"Shoes\",\"color\":\"Black\",\"size\":\"10\",\"quantity\":1,\"unitPrice\":120,\"tax\":0,\"status\":\"$status\"}]}"
  curl -sf -o /dev/null -X POST -H 'Content-Type: application/json' -H "X-Ops-Key: $ORDERS_OPS_KEY" -d "$body" \
    "$ONE/ops/v1/orders" || fail "the ops write ($status) to orders-1 failed"
  for base in "$TWO" "$PROXY"; do
    curl -sf -H "Authorization: Bearer $TOKEN" "$base/orders/history/v1/C09999999990" \
      | python3 -c "import json, sys; sys.exit(json.load(sys.stdin)['fullOrderStatus']['simpleStatus'] != {'created': 'ordered'}.get('$status', '$status'))" \
      || fail "$base did not show the $status written through orders-1"
  done
done
pass "ops writes (created, shipped, delivered) to orders-1 read at once through orders-2 and the proxy"

# Round robin: a route nothing else asks for (the health checks ask for /healthz), counted by each process.
served() {
  curl -sf -H "X-Ops-Key: $ORDERS_OPS_KEY" "$1/metrics" \
    | awk '/^orders_http_request_duration_seconds_count\{.*route="\/openapi.json"/ { n += $NF } END { print n + 0 }'
}
before1="$(served "$ONE")" before2="$(served "$TWO")"
for _ in $(seq 1 10); do curl -sf -o /dev/null "$PROXY/openapi.json" || fail "GET /openapi.json through the proxy"; done
got1=$(($(served "$ONE") - before1)) got2=$(($(served "$TWO") - before2))
[ "$got1" -ge 1 ] && [ "$got2" -ge 1 ] && [ $((got1 + got2)) = 10 ] \
  || fail "10 requests through the proxy: orders-1 served $got1, orders-2 $got2"
pass "10 requests through the proxy: orders-1 served $got1, orders-2 $got2 (their /metrics, ops key)"

step "stop (SIGTERM, stop_grace_period 30s)"
started="$(now)"
"${DC[@]}" stop orders-1 orders-2 >"$WORK/stop.log" 2>&1 || { cat "$WORK/stop.log"; fail "stop failed"; }
took="$(since "$started")"
for service in orders-1 orders-2; do
  state="$(docker inspect -f '{{.State.Status}} {{.State.ExitCode}}' "$(container "$service")")"
  [ "$state" = "exited 0" ] || fail "$service after stop: $state (137 would be SIGKILL after the grace period)"
done
[ "${took%.*}" -lt 30 ] || fail "stop took $took, the grace period is 30s"
SUMMARY+=("time  stop orders-1 orders-2: $took")
pass "stop: orders-1 and orders-2 exited 0 on SIGTERM in $took (grace period 30s)"

step "summary (${COMPOSE[*]} $("${COMPOSE[@]}" version --short), docker $(docker version -f '{{.Server.Version}}'))"
printf '%s\n' "${SUMMARY[@]}"
echo "check-compose: PASS"
