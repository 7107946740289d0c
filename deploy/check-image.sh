#!/usr/bin/env bash
# Builds the Dockerfile's image and checks it as an operator would meet it: it starts (SQLite, demo data),
# answers /healthz and the web app, its HEALTHCHECK command passes, it runs as the non-root user `orders`,
# and it stops on SIGTERM. With PostgreSQL at $ORDERS_CHECK_POSTGRES (an admin URL), it also starts two
# processes of the image on one database behind deploy/nginx.conf (the compose shape) and checks that a
# write through one is read through the other.
#
#   deploy/check-image.sh                      # podman (or docker) with the real base images
#   STAND_IN_BASES=1 deploy/check-image.sh     # no registry: builds stand-ins for the three base images
#
# Uses podman with buildah's chroot isolation, which also works where no OCI runtime can start a container
# (the development machines refuse the runtime's setrlimit); the processes then run with the host's network.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IMAGE="${IMAGE:-orders:check}"
PORT="${PORT:-18080}"
WORK="$(mktemp -d)"
step() { printf '\n==> %s\n' "$*"; }
fail() { echo "check-image: $*" >&2; exit 1; }
command -v podman >/dev/null || apt-get install -y podman buildah >/dev/null
[ -z "${ORDERS_CHECK_POSTGRES:-}" ] || command -v nginx >/dev/null || apt-get install -y nginx-light >/dev/null

wait_for() {
  for _ in $(seq 1 100); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$1")" = 200 ] && return 0
    sleep 0.2
  done
  fail "$1 did not answer 200"
}

# The three base images the Dockerfile names, built locally (deploy/stand-in-bases.sh).
[ "${STAND_IN_BASES:-0}" = 1 ] && "$ROOT/deploy/stand-in-bases.sh" podman debian node rust
step "build $IMAGE"
podman build --format docker --isolation chroot --network host --pull="${PULL:-missing}" -t "$IMAGE" "$ROOT" >"$WORK/build.log" \
  || { tail -30 "$WORK/build.log"; fail "the image did not build"; }
podman image inspect "$IMAGE" --format 'size {{.Size}} bytes, user {{.Config.User}}'
CONTAINER="$(buildah from "$IMAGE")"
run() { buildah run --isolation chroot --network host --user orders "$@"; }
trap 'pkill -TERM -f "^/usr/local/bin/orders serve" 2>/dev/null || true; [ -f "$WORK/nginx.pid" ] && nginx -c "$WORK/nginx.conf" -s stop; buildah rm "$CONTAINER" >/dev/null; rm -rf "$WORK"' EXIT

step "start it (SQLite, demo data) on 127.0.0.1:$PORT"
run --env ORDERS_ADDR="127.0.0.1:$PORT" "$CONTAINER" -- orders serve >"$WORK/serve.log" 2>&1 &
wait_for "http://127.0.0.1:$PORT/healthz"
curl -sf "http://127.0.0.1:$PORT/orders" | grep -q '<div id="root">' || fail "the web app is not embedded"
[ "$(run "$CONTAINER" -- id -u)" = 10001 ] || fail "the image does not run as uid 10001"
# The image's own HEALTHCHECK command, as the image stores it (its port follows ORDERS_ADDR).
mapfile -t HEALTH < <(podman image inspect "$IMAGE" --format '{{json .HealthCheck.Test}}' \
  | python3 -c 'import json, sys; test = json.load(sys.stdin); assert test[0] == "CMD"; print("\n".join(test[1:]))')
[ "${#HEALTH[@]}" -gt 0 ] || fail "the image has no HEALTHCHECK"
run --env ORDERS_ADDR="127.0.0.1:$PORT" "$CONTAINER" -- "${HEALTH[@]}" || fail "the HEALTHCHECK command fails"
pkill -TERM -f "^/usr/local/bin/orders serve"
for _ in $(seq 1 50); do pgrep -f "^/usr/local/bin/orders serve" >/dev/null || break; sleep 0.2; done
pgrep -f "^/usr/local/bin/orders serve" >/dev/null && fail "it did not stop on SIGTERM"
echo "serves, web app embedded, uid 10001, health check passes, stops on SIGTERM"

if [ -n "${ORDERS_CHECK_POSTGRES:-}" ]; then
  step "two processes on one PostgreSQL behind deploy/nginx.conf"
  DB="${ORDERS_CHECK_POSTGRES%/*}/orders_image_check"
  psql "$ORDERS_CHECK_POSTGRES" -qc "DROP DATABASE IF EXISTS orders_image_check" -c "CREATE DATABASE orders_image_check"
  run --env ORDERS_DATABASE_URL="$DB" "$CONTAINER" -- orders seed --members 5 --orders 50 >/dev/null
  for i in 1 2; do
    run --env ORDERS_DATABASE_URL="$DB" --env ORDERS_ADDR="127.0.0.1:$((PORT + i))" --env ORDERS_OPS_KEY=check \
      --env ORDERS_TOKEN_KEY=check-token-key --env ORDERS_TRUSTED_PROXIES=127.0.0.1/32 "$CONTAINER" -- orders serve >"$WORK/serve$i.log" 2>&1 &
  done
  sed -e "s/server orders-1:8080/server 127.0.0.1:$((PORT + 1))/; s/server orders-2:8080/server 127.0.0.1:$((PORT + 2))/" \
      -e "s/listen 80;/listen 127.0.0.1:$((PORT + 10));/" "$ROOT/deploy/nginx.conf" >"$WORK/site.conf"
  printf 'pid %s/nginx.pid;\nerror_log %s/nginx.err;\nevents {}\nhttp { access_log off; include %s/site.conf; }\n' \
    "$WORK" "$WORK" "$WORK" >"$WORK/nginx.conf"
  nginx -c "$WORK/nginx.conf"
  wait_for "http://127.0.0.1:$((PORT + 1))/healthz"; wait_for "http://127.0.0.1:$((PORT + 2))/healthz"
  wait_for "http://127.0.0.1:$((PORT + 10))/healthz"
  # Ops writes through process 1, the member's reads of the same order through process 2 (and the proxy):
  # each status at once. The token is signed with the processes' shared ORDERS_TOKEN_KEY.
  UPM="$(psql "$DB" -Atc "SELECT upm_id FROM members WHERE email = 'shopper@example.com'")"
  TOKEN="$(python3 - "$UPM" <<'PY'
import base64, hashlib, hmac, json, sys, time
b64 = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()
head = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
now = int(time.time())
claims = b64(json.dumps({"sub": sys.argv[1], "iss": "orders", "iat": now, "exp": now + 600}).encode())
print(f"{head}.{claims}." + b64(hmac.new(b"check-token-key", f"{head}.{claims}".encode(), hashlib.sha256).digest()))
PY
)"
  for status in created shipped delivered; do
    body="{\"orderNumber\":\"C09999999990\",\"orderType\":\"SALES_ORDER\",\"country\":\"US\",\"currency\":\"USD\",\"upmId\":\"$UPM\",\"orderDate\":\"2026-10-30T10:00:00Z\",\"shippingTotal\":0,\"lines\":[{\"lineNumber\":1,\"gtin\":\"00012345678905\",\"skuId\":\"SKU-1\",\"productId\":\"P1\",\"styleColor\":\"AR2-001\",\"title\":\"Stride Runner 4\",\"category\":\"Shoes\",\"color\":\"Black\",\"size\":\"10\",\"quantity\":1,\"unitPrice\":120,\"tax\":0,\"status\":\"$status\"}]}"
    curl -sf -o /dev/null -X POST -H 'Content-Type: application/json' -H 'X-Ops-Key: check' -d "$body" \
      "http://127.0.0.1:$((PORT + 1))/ops/v1/orders" || fail "the ops write failed"
    for port in $((PORT + 2)) $((PORT + 10)); do
      curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$port/orders/history/v1/C09999999990" \
        | python3 -c "import json, sys; sys.exit(json.load(sys.stdin)['fullOrderStatus']['simpleStatus'] != {'created': 'ordered'}.get('$status', '$status'))" \
        || fail "port $port did not show the $status written through process 1"
    done
  done
  echo "two processes behind the proxy: a write through one is read through the other at once"
fi
