#!/usr/bin/env python3
"""Follows docs/deploy.md ("A retailer's day") on this machine, without Docker, and checks what each
section promises. Standard library only.

    deploy/check-day.py [--binary target/release/orders]

What it needs, as docs/deploy.md does: PostgreSQL (ORDERS_CHECK_POSTGRES_URL, an admin URL; default
postgres://postgres@127.0.0.1:5432/postgres: a new database is made and dropped), node with
`npm ci` done in crates/server/tests/oidc-provider (the example identity provider), and NATS with JetStream
at ORDERS_CHECK_NATS (default 127.0.0.1:4222; the bus step is skipped, and says so, when none answers).

1. PostgreSQL: a database and `orders migrate`.
2. Two processes on that database (the env of docs/deploy.md section 2), both serving.
3. The identity provider: the example provider; a browser signs in through it (code flow with PKCE) and
   the provider's member id opens that member's orders.
4. Orders in: `orders import` (twice: the second run changes nothing) and `POST /ops/v1/orders/bulk`.
5. Events out: a member's effect made through the second process reaches deploy/webhook-receiver.py
   (signature verified), the pull feed, and NATS with the event id as Nats-Msg-Id.
9. What to watch: /metrics with the ops key.
Exit status 0 when every step held; the first failure stops it with a message (KEEP_LOGS=1 keeps the
processes' logs). scripts/test runs it against the release binary.
"""
import argparse
import http.cookiejar
import json
import os
import secrets
import shutil
import signal
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROVIDER = ROOT / "crates/server/tests/oidc-provider"
OPS_KEY = secrets.token_hex(16)
AUDIENCE = "https://orders.example/api"
CLIENT_ID = "orders-portal"
CLIENT_SECRET = secrets.token_hex(16)
MEMBER = "member-day-1"
children = []


def step(text):
    print(f"\n==> {text}", flush=True)


def ok(text):
    print(f"ok: {text}", flush=True)


def fail(text):
    print(f"check-day: FAIL: {text}", file=sys.stderr, flush=True)
    sys.exit(1)


def free_port():
    # Below the kernel's ephemeral range (32768 and up on Linux): a port the kernel hands out for a bind to
    # port 0 is also what it hands out to outgoing connections, and with the test command's other suites
    # running beside this one, such a port was taken again before the provider could listen on it.
    for _ in range(200):
        port = random.randint(20000, 32000)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    fail("no free port between 20000 and 32000")


def start(args, env=None, **kwargs):
    child = subprocess.Popen(args, env={**os.environ, **(env or {})}, **kwargs)
    children.append(child)
    return child


def wait_until(seconds, what, probe):
    limit = time.time() + seconds
    while time.time() < limit:
        try:
            value = probe()
            if value:
                return value
        except (OSError, urllib.error.URLError, ValueError):
            pass
        time.sleep(0.2)
    fail(what)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def request(opener, method, url, body=None, headers=None, form=None):
    """(status, headers, body bytes); never raises for an HTTP status."""
    data = None
    headers = dict(headers or {})
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers.setdefault("content-type", "application/json")
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["content-type"] = "application/x-www-form-urlencoded"
    try:
        with opener.open(urllib.request.Request(url, data=data, method=method, headers=headers), timeout=30) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


PLAIN = urllib.request.build_opener(NoRedirect)


class LocalhostIsSecure(http.cookiejar.DefaultCookiePolicy):
    """Browsers send `Secure` cookies to http://localhost and 127.0.0.1 (a secure context); so does this."""

    def return_ok_secure(self, cookie, request):
        host = urllib.parse.urlsplit(request.get_full_url()).hostname
        return host in ("127.0.0.1", "localhost") or super().return_ok_secure(cookie, request)


def ops(method, url, body=None, content_type=None):
    headers = {"x-ops-key": OPS_KEY}
    if content_type:
        headers["content-type"] = content_type
    return request(PLAIN, method, url, body, headers)


def an_order(number, upm_id):
    """An ops order body (docs/API.md, POST /ops/v1/orders)."""
    return {
        "orderNumber": number, "orderType": "SALES_ORDER", "orderClassification": "CONSUMER", "country": "US",
        "currency": "USD", "upmId": upm_id, "email": "day.shopper@example.com", "orderDate": "2026-11-01T10:00:00Z",
        "shippingTotal": 7.5, "payments": [{"paymentType": "credit_card", "paymentDisplayNumber": "4111111111111111"}],
        "lines": [{"lineNumber": 1, "skuId": "SKU-1", "productId": "P1", "styleColor": "AR2-001",
                   "title": "Stride Runner 4", "size": "10", "quantity": 1, "unitPrice": 120, "tax": 9.6,
                   "status": "Delivered"}],
    }


def nats_listener(address, subject):
    """A core NATS subscription (the plain protocol) on `subject`; returns a function that reads what came."""
    host, port = address.split(":")
    sock = socket.create_connection((host, int(port)), timeout=3)
    sock.recv(4096)  # INFO
    sock.sendall(f'CONNECT {{"verbose":false,"headers":true}}\r\nSUB {subject} 1\r\nPING\r\n'.encode())
    buffer = b""
    while b"PONG" not in buffer:
        buffer += sock.recv(4096)
    sock.settimeout(0.2)
    received = []

    def drain():
        nonlocal buffer
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                buffer += chunk
        except (TimeoutError, socket.timeout):
            pass
        received.append(buffer)
        buffer = b""
        return b"".join(received)

    return drain


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / "target/release/orders"))
    binary = parser.parse_args().binary
    work = Path(tempfile.mkdtemp(prefix="orders-day-"))
    admin = os.environ.get("ORDERS_CHECK_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    name = f"orders_day_{os.getpid()}"
    database = admin.rsplit("/", 1)[0] + f"/{name}"

    step("1. PostgreSQL: a database and `orders migrate`")
    if subprocess.run(["psql", admin, "-qc", f"CREATE DATABASE {name}"], capture_output=True).returncode:
        fail(f"cannot create a database through {admin}")
    try:
        env = {"ORDERS_DATABASE_URL": database}
        if subprocess.run([binary, "migrate"], env={**os.environ, **env}, capture_output=True).returncode:
            fail("orders migrate")
        ok("migrated")
        walk(binary, work, database)
    finally:
        for child in children:
            child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
        subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True)
        if os.environ.get("KEEP_LOGS"):
            print(f"logs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def walk(binary, work, database):
    step("3a. the example identity provider (crates/server/tests/oidc-provider, as the compose idp service)")
    if not (PROVIDER / "node_modules/oidc-provider").is_dir():
        fail(f"run npm ci in {PROVIDER} first")
    idp_port, port_a, port_b, hook_port = free_port(), free_port(), free_port(), free_port()
    issuer = f"http://127.0.0.1:{idp_port}"
    public = f"http://127.0.0.1:{port_a}"
    idp = start(["node", "provider.mjs"], cwd=PROVIDER, stdout=subprocess.PIPE, text=True, env={
        "IDP_ISSUER": issuer, "IDP_REDIRECT_URIS": f"{public}/auth/v1/oidc/callback",
        "ORDERS_OIDC_AUDIENCE": AUDIENCE, "ORDERS_OIDC_CLIENT_ID": CLIENT_ID,
        "ORDERS_OIDC_CLIENT_SECRET": CLIENT_SECRET})
    ready = False
    for line in idp.stdout:
        if line.strip() == "ready":
            ready = True
            break
    if not ready:
        fail(f"the identity provider ended before it was ready (exit {idp.wait()})")
    ok(f"provider at {issuer}")

    step("2. two processes on one database (docs/deploy.md sections 2, 3, 5)")
    nats = os.environ.get("ORDERS_CHECK_NATS", "127.0.0.1:4222")
    try:
        socket.create_connection(tuple([nats.split(":")[0], int(nats.split(":")[1])]), timeout=2).close()
        have_nats = True
    except OSError:
        have_nats = False
        print(f"no NATS at {nats}: the bus step is skipped", flush=True)
    common = {
        "ORDERS_DATABASE_URL": database, "ORDERS_OPS_KEY": OPS_KEY, "ORDERS_TOKEN_KEY": secrets.token_hex(32),
        "ORDERS_PUBLIC_URL": public, "ORDERS_METRICS": "ops-key", "ORDERS_NO_DEMO_DATA": "true",
        "ORDERS_OIDC_ISSUER": issuer, "ORDERS_OIDC_AUDIENCE": AUDIENCE, "ORDERS_OIDC_CLIENT_ID": CLIENT_ID,
        "ORDERS_OIDC_CLIENT_SECRET": CLIENT_SECRET,
    }
    if have_nats:
        common["ORDERS_EVENTS_NATS_URL"] = f"nats://{nats}"
    logs = {}
    for port in (port_a, port_b):
        logs[port] = open(work / f"orders-{port}.log", "w")
        start([binary, "serve"], env={**common, "ORDERS_ADDR": f"127.0.0.1:{port}"}, stdout=logs[port],
              stderr=subprocess.STDOUT)
    for port in (port_a, port_b):
        wait_until(60, f"the process on {port} serves /healthz",
                   lambda port=port: request(PLAIN, "GET", f"http://127.0.0.1:{port}/healthz")[0] == 200)
    ok(f"two processes: {port_a} and {port_b}")

    step("4. orders in: `orders import` twice, then POST /ops/v1/orders/bulk")
    feed_file = work / "orders.ndjson"
    with feed_file.open("w") as out:
        for n in range(200):
            out.write(json.dumps(an_order(f"D{9100000 + n}", MEMBER if n < 3 else f"member-day-{n}")) + "\n")
    # The same environment as the processes (docs/deploy.md exports it once): with the provider's issuer,
    # an order for any of its member ids is taken.
    env = {**os.environ, **common}
    first = subprocess.run([binary, "import", str(feed_file)], env=env, capture_output=True, text=True)
    if first.returncode or "200 created" not in first.stdout:
        fail(f"orders import: {first.returncode} {first.stdout[-1500:]} {first.stderr[-500:]}")
    again = subprocess.run([binary, "import", str(feed_file)], env=env, capture_output=True, text=True)
    if again.returncode or "200 unchanged" not in again.stdout:
        fail(f"orders import, again: {again.stdout[-1500:]} {again.stderr[-500:]}")
    ok("import: " + first.stdout.strip().splitlines()[-1] + " / again: " + again.stdout.strip().splitlines()[-1])
    bulk = (json.dumps(an_order("D9200001", MEMBER)) + "\n{not json}\n").encode()
    status, _, body = ops("POST", f"http://127.0.0.1:{port_b}/ops/v1/orders/bulk", bulk, "application/x-ndjson")
    answer = json.loads(body) if status == 200 else {}
    results = answer.get("results", [])
    if len(results) != 2 or results[1].get("status") != "refused" or answer.get("refused") != 1:
        fail(f"bulk: {status} {body[:300]!r}")
    ok(f"bulk: one result per line: {[(result['line'], result['status']) for result in results]}")

    step("5a. a webhook endpoint and deploy/webhook-receiver.py")
    status, _, body = ops("POST", f"http://127.0.0.1:{port_a}/ops/v1/webhooks",
                          {"url": f"http://127.0.0.1:{hook_port}/", "events": ["*"], "description": "day"})
    if status != 201:
        fail(f"POST /ops/v1/webhooks: {status} {body[:300]!r}")
    hook_out = open(work / "receiver.log", "w")
    start([sys.executable, str(ROOT / "deploy/webhook-receiver.py"), str(hook_port)],
          env={"WEBHOOK_SECRET": json.loads(body)["secret"]}, stdout=hook_out, stderr=subprocess.STDOUT)
    ok("registered; the secret starts with whsec_")
    listen = nats_listener(nats, "orders.events.>") if have_nats else None

    step("3b. a browser signs in through the provider and sees the member's orders")
    jar = http.cookiejar.CookieJar(policy=LocalhostIsSecure())
    browser = urllib.request.build_opener(NoRedirect, urllib.request.HTTPCookieProcessor(jar))
    status, headers, _ = request(browser, "GET", f"{public}/auth/v1/oidc/login?returnTo=%2Forders")
    if status != 303:
        fail(f"/auth/v1/oidc/login: {status}")
    url = headers["location"]
    for _ in range(12):
        if url.startswith(f"{public}/auth/v1/oidc/callback"):
            break
        status, headers, page = request(browser, "GET", url)
        if 300 <= status < 400:
            url = urllib.parse.urljoin(url, headers["location"])
            continue
        form = ({"prompt": "login", "login": MEMBER, "password": "any"} if b'name="login"' in page
                else {"prompt": "consent"})
        status, headers, _ = request(browser, "POST", url, form=form)
        url = urllib.parse.urljoin(url, headers["location"])
    status, headers, _ = request(browser, "GET", url)
    if status != 303:
        fail(f"callback: {status}")
    status, _, body = request(browser, "GET", f"{public}/auth/v1/session")
    session = json.loads(body)
    if session.get("upmId") != MEMBER:
        fail(f"session: {session}")
    status, _, body = request(browser, "GET", f"{public}/orders/history/v1?country=US&locale=en_US")
    numbers = {item["orderNumber"] for item in json.loads(body).get("orderItems", [])} if status == 200 else set()
    if status != 200 or not {"D9100000", "D9100001", "D9100002", "D9200001"} <= numbers:
        fail(f"history of {MEMBER}: {status} {sorted(numbers)[:10]}")
    ok(f"signed in as {MEMBER}; the history shows the 4 orders sent for that member id")
    # The session works on the other process too (one token key), and a write there is an effect.
    status, _, body = request(browser, "PUT", f"http://127.0.0.1:{port_b}/consent/v1/marketingEmail",
                              {"granted": True}, {"x-csrf-token": session.get("csrfToken", "")})
    if status != 200:
        fail(f"a consent change on the second process: {status} {body[:200]!r}")
    ok("a consent change made on the second process")

    step("5b. the event reaches the pull feed, the webhook receiver and NATS")
    def the_event():
        status, _, body = ops("GET", f"http://127.0.0.1:{port_a}/ops/v1/events?limit=500")
        events = [event for event in json.loads(body)["data"] if event["type"] == "consent.changed"]
        return events[0] if status == 200 and events else None
    event = wait_until(15, "consent.changed in GET /ops/v1/events", the_event)
    if event["data"].get("upmId") != MEMBER:
        fail(f"the event's data: {event}")
    ok(f"feed: consent.changed {event['id']}")
    wait_until(30, "the receiver printed the verified delivery",
               lambda: "consent.changed" in (work / "receiver.log").read_text())
    if "refused" in (work / "receiver.log").read_text():
        fail("the receiver refused a delivery's signature")
    ok("webhook: delivered and the signature verified")
    if listen:
        got = wait_until(15, "NATS got orders.events.consent.changed",
                         lambda: (lambda seen: seen if b"orders.events.consent.changed" in seen else None)(listen()))
        if event["id"].encode() not in got:
            fail("the NATS message does not carry the event id")
        ok("NATS: orders.events.consent.changed with the event id (Nats-Msg-Id)")

    step("9. what to watch: /metrics")
    status, _, body = ops("GET", f"http://127.0.0.1:{port_a}/metrics")
    if status != 200 or b"# TYPE" not in body:
        fail(f"/metrics: {status}")
    ok(f"/metrics answers {len(body.splitlines())} lines of Prometheus text")
    print("\ncheck-day: every step of docs/deploy.md that runs on one machine held", flush=True)


if __name__ == "__main__":
    main()
