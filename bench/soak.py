#!/usr/bin/env python3
"""Soak (issue 33): a steady mixed load for a long time, with resident memory and p99 sampled every minute.

  python3 bench/soak.py [--binary target/release/orders] [--database-url URL] [--minutes 30] [--rate 60]
                        [--out bench/out/soak-sqlite]

Starts the binary as an operator would (an empty environment, demo data on a new database: SQLite by
default, or the PostgreSQL database URL given), then keeps `--rate` operations a second going from 16 worker
threads for `--minutes`:
  - shopper reads: history page 1, the next page, an order detail (member token);
  - a guest's order lookup (summary by number and e-mail);
  - ops writes: a new order for the member, and a status event on one of the soak's orders;
  - a cancel of a soak order (202 and its job polled to the end);
  - an address added and deleted; a consent switched; a gift card balance (right PIN).
Every minute it records resident memory (VmRSS) and per-kind p50/p99 of that minute, and counts every
answer that is a 5xx, a refused connection or a status the operation does not expect. At the end it writes
`<out>.json`, and `<out>.png` (memory and p99 over time) when matplotlib is installed.

Pass criteria printed at the end: no error; memory flat (the last 10 minutes' maximum within 10% of the
maximum of minutes 5-10, after warm-up)."""
import argparse, http.client, json, os, random, socket, statistics, subprocess, sys, tempfile, threading, time
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("--binary", default="target/release/orders")
parser.add_argument("--database-url", default=None)
parser.add_argument("--minutes", type=float, default=30)
parser.add_argument("--rate", type=float, default=60, help="operations a second, all threads together")
parser.add_argument("--out", default=None)
args = parser.parse_args()

work = tempfile.mkdtemp()
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
database = args.database_url or os.path.join(work, "soak.db")
backend = "postgres" if database.startswith("postgres") else "sqlite"
out = args.out or f"bench/out/soak-{backend}"
OPS_KEY = "soak-ops-key"
server = subprocess.Popen(
    [args.binary, "--database-url", database, "--addr", f"127.0.0.1:{port}", "--ops-key", OPS_KEY,
     "--guest-lookups-per-client", "100000000", "--insecure-cookies"],
    stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "server.log"), "w"),
    env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")})

local = threading.local()


def call(method, path, body=None, token=None, ops=False):
    """(status, parsed body or None, seconds). Status 0: the connection failed."""
    if not hasattr(local, "conn"):
        local.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    if ops:
        headers["x-ops-key"] = OPS_KEY
    data = json.dumps(body).encode() if body is not None else None
    started = time.perf_counter()
    try:
        local.conn.request(method, path, data, headers)
        answer = local.conn.getresponse()
        raw = answer.read()
        status = answer.status
    except (OSError, http.client.HTTPException):
        local.conn.close()
        del local.conn
        return 0, None, time.perf_counter() - started
    took = time.perf_counter() - started
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return status, parsed, took


for _ in range(600):
    try:
        if call("GET", "/healthz")[0] == 200:
            break
    except Exception:
        pass
    time.sleep(0.1)
else:
    sys.exit("the server did not start; see " + os.path.join(work, "server.log"))

EMAIL = "shopper@example.com"
status, signed_in, _ = call("POST", "/auth/v1/token", {"email": EMAIL, "password": "orders-demo"})
assert status == 200, (status, signed_in)
TOKEN = signed_in["accessToken"]
status, me, _ = call("GET", "/auth/v1/me", token=TOKEN)
UPM = me["upmId"]
QUERY = "country=US&language=en&sort=orderSubmitDateDesc&filter=orderType(SALES_ORDER)"
status, first, _ = call("GET", f"/orders/history/v1?{QUERY}", token=TOKEN)
assert status == 200, status
NUMBERS = sorted({item["orderNumber"] for item in first["orderItems"]})
NEXT = first.get("pages", {}).get("next")

counter = iter(range(10**9))
counter_lock = threading.Lock()


def next_n():
    with counter_lock:
        return next(counter)


def new_order(number, status_text):
    return {"orderNumber": number, "orderType": "SALES_ORDER", "country": "US", "currency": "USD", "upmId": UPM,
            "email": EMAIL, "orderDate": "2026-11-20T10:00:00Z", "shippingTotal": 0,
            "payments": [{"paymentType": "credit_card", "paymentDisplayNumber": "1111"}],
            "lines": [{"lineNumber": 1, "title": "Stride Runner 4", "quantity": 1, "unitPrice": 130, "tax": 10.4,
                       "status": status_text, "gtin": "00012345678905", "skuId": "SKU-1", "productId": "P1",
                       "styleColor": "AR2-001"}]}


soak_orders = []  # numbers created by this soak, still cancellable
soak_lock = threading.Lock()


def op_history():
    return call("GET", f"/orders/history/v1?{QUERY}", token=TOKEN), {200}


def op_next_page():
    if not NEXT:
        return op_history()
    return call("GET", f"/orders/history/v1?{NEXT}&country=US&language=en", token=TOKEN), {200}


def op_detail():
    number = random.choice(NUMBERS)
    return call("GET", f"/orders/history/v1/{number}?country=US&language=en", token=TOKEN), {200}


def op_guest():
    number = random.choice(NUMBERS)
    query = urllib.parse.urlencode({"filter": f"email({EMAIL})"})
    return call("GET", f"/orders/summary/v1/{number}?{query}"), {200, 429}


def op_new_order():
    number = f"S{int(time.time())}{next_n():07d}"
    answer = call("POST", "/ops/v1/orders", new_order(number, "created"), ops=True)
    if answer[0] in (200, 201):
        with soak_lock:
            soak_orders.append(number)
    return answer, {200, 201}


def op_status_event():
    with soak_lock:
        number = random.choice(soak_orders) if soak_orders else None
    if number is None:
        return op_new_order()
    # A status event on an order the soak made (it may have been cancelled meanwhile: 409 is a fair answer).
    return call("POST", "/ops/v1/orders", new_order(number, random.choice(["created", "In Transit"])), ops=True), \
        {200, 201, 409, 422}


def op_cancel():
    with soak_lock:
        number = soak_orders.pop() if soak_orders else None
    if number is None:
        return op_new_order()
    body = {"request": {"omsOrderDocumentReference": "0001", "omsRegionReference": "NIKEUS",
                        "dayPhoneNumber": "5035550100", "reasonCode": 216, "reasonText": "Front end cancellation",
                        "email": EMAIL}, "sourceOfRequest": "web"}
    answer = call("POST", f"/order_mgmt/ordermods/v1/{number}/cancelOrder", body, token=TOKEN)
    if answer[0] == 202 and answer[1] and answer[1].get("id"):
        for _ in range(100):
            polled = call("GET", f"/order_mgmt/ordermods/v1/jobs/{answer[1]['id']}", token=TOKEN)
            if polled[0] != 200 or polled[1].get("status") not in ("PENDING", "IN_PROGRESS", "PROCESSING"):
                if polled[0] != 200 or polled[1].get("status") == "FAILED":
                    return (0 if polled[0] == 200 else polled[0], polled[1], answer[2]), {202}
                break
            time.sleep(0.05)
    return answer, {202}


def op_address():
    address = {"country": "US", "nameGiven": "Jane", "nameFamily": "Carter", "line1": "1 Market Street",
               "line2": f"Suite {next_n()}", "locality": "San Francisco", "province": "CA", "code": "94105",
               "phone": "415-555-0100"}
    created = call("POST", f"/addresses/v1/{UPM}/address", address, token=TOKEN)
    if created[0] == 201 and created[1] and created[1].get("id"):
        deleted = call("DELETE", f"/addresses/v1/{UPM}/address/{created[1]['id']}", token=TOKEN)
        return (deleted[0] if deleted[0] >= 500 or deleted[0] == 0 else created[0], created[1], created[2]), {201}
    return created, {201}


def op_consent():
    return call("PUT", "/consent/v1/marketingEmail", {"granted": random.choice([True, False])},
                token=TOKEN), {200}


def op_gift_card():
    return call("POST", "/payment/giftcard_balance/v1?country=US",
                {"accountNumber": "6060123456789012345", "pin": "123456", "currency": "USD"}), {200, 429}


# Weights: mostly reads, as a shopper portal sees.
MIX = [(op_history, 20), (op_next_page, 10), (op_detail, 30), (op_guest, 10), (op_new_order, 8),
       (op_status_event, 6), (op_cancel, 5), (op_address, 4), (op_consent, 4), (op_gift_card, 3)]
KINDS = [op for op, weight in MIX for _ in range(weight)]

samples_lock = threading.Lock()
minute_latencies = {}
errors = []
totals = {"operations": 0}
stop_at = time.monotonic() + args.minutes * 60
interval = 16 / args.rate


def worker(seed):
    rng = random.Random(seed)
    next_at = time.monotonic() + rng.random() * interval
    while time.monotonic() < stop_at:
        op = rng.choice(KINDS)
        (status, body, took), expected = op()
        name = op.__name__[3:]
        with samples_lock:
            totals["operations"] += 1
            minute_latencies.setdefault(name, []).append(took)
            if status not in expected:
                errors.append({"at": round(time.monotonic() - started, 1), "kind": name, "status": status,
                               "body": json.dumps(body)[:300] if body is not None else None})
        next_at += interval
        delay = next_at - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        else:
            next_at = time.monotonic()


def rss_mib():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0.0


started = time.monotonic()
threads = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(16)]
for thread in threads:
    thread.start()
minutes = []
try:
    while time.monotonic() < stop_at:
        time.sleep(max(0.0, min(60.0, stop_at - time.monotonic())))
        with samples_lock:
            latencies, minute_latencies = minute_latencies, {}
            error_count = len(errors)
        everything = [value for values in latencies.values() for value in values]
        row = {"minute": len(minutes) + 1, "rss_mib": round(rss_mib(), 1), "requests": len(everything),
               "p50_ms": round(quantile(everything, 0.5), 2), "p99_ms": round(quantile(everything, 0.99), 2),
               "p99_by_kind_ms": {kind: round(quantile(values, 0.99), 2) for kind, values in latencies.items()},
               "errors_so_far": error_count}
        minutes.append(row)
        print(json.dumps({key: row[key] for key in ("minute", "rss_mib", "requests", "p50_ms", "p99_ms",
                                                     "errors_so_far")}), flush=True)
    for thread in threads:
        thread.join(timeout=60)
finally:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()

warm = [row["rss_mib"] for row in minutes[4:10]] or [row["rss_mib"] for row in minutes]
late = [row["rss_mib"] for row in minutes[-10:]]
flat = max(late) <= max(warm) * 1.10
result = {"backend": backend, "minutes": args.minutes, "rate": args.rate, "operations": totals["operations"],
          "errors": len(errors), "first_errors": errors[:20], "memory_flat": flat,
          "rss_warm_max_mib": max(warm), "rss_late_max_mib": max(late), "exit_code": server.returncode,
          "per_minute": minutes}
os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
with open(out + ".json", "w") as file:
    json.dump(result, file, indent=1)
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, memory_axis = plt.subplots(figsize=(8, 3.5), dpi=100)
    xs = [row["minute"] for row in minutes]
    memory_axis.plot(xs, [row["rss_mib"] for row in minutes], color="tab:blue", label="resident memory (MiB)")
    memory_axis.set_xlabel("minute")
    memory_axis.set_ylabel("MiB", color="tab:blue")
    memory_axis.set_ylim(bottom=0)
    latency_axis = memory_axis.twinx()
    latency_axis.plot(xs, [row["p99_ms"] for row in minutes], color="tab:red", label="p99 (ms)")
    latency_axis.set_ylabel("p99 ms", color="tab:red")
    latency_axis.set_ylim(bottom=0)
    memory_axis.set_title(f"Soak on {backend}: {args.rate:g} operations/s, {totals['operations']} operations, "
                          f"{len(errors)} errors")
    figure.tight_layout()
    figure.savefig(out + ".png")
except ImportError:
    print("matplotlib is not installed: no plot (pip install matplotlib)")
print(json.dumps({key: value for key, value in result.items() if key != "per_minute"}, indent=1))
sys.exit(0 if not errors and flat else 1)
