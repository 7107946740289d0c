#!/usr/bin/env python3
"""Instructions per request on the cached path and the floor, counted by callgrind (ADR 0036's figures).

Like `bench/callgrind.py`, but with the response cache on and every request on one kept-alive connection, as
wrk sends them. Two scenarios:
- floor: `GET /config/v1/us`, answered from memory with no token and no database (500 requests);
- detail: order details of `--orders` members, each read three times before counting so that every body is
  held and trusted (ADR 0028), then three passes counted.

    bench/callgrind_cached.py --database-url bench/out/bench-10000-1000000-7.db --binary target/release/orders

With `--accept-encoding "gzip, deflate, br, zstd"` every request asks as a browser does (ADR 0038's figures).
"""
import argparse, http.client, os, sqlite3, subprocess, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench import TOKEN_KEY, token_for  # noqa: E402
from callgrind import control, last_dump_total  # noqa: E402

PORT = 18411


def connect(deadline):
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            return connection
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("server did not start")
            time.sleep(0.3)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", required=True, help="a seeded SQLite file (bench/bench.py makes one)")
    parser.add_argument("--binary", default=str(Path(__file__).parent.parent / "target" / "release" / "orders"))
    parser.add_argument("--orders", type=int, default=200)
    parser.add_argument("--out", default=str(Path(__file__).parent / "out" / "callgrind"))
    parser.add_argument("--label", default="cached")
    parser.add_argument("--accept-encoding", help="sent with every request, as a browser sends it (default: none, as wrk)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(args.database_url)
    detail = [(f"/orders/history/v1/{number}", token_for(upm_id)) for number, upm_id in db.execute(
        "SELECT order_number, upm_id FROM orders WHERE upm_id IS NOT NULL AND order_type = 'SALES_ORDER' "
        "ORDER BY order_number LIMIT ?", (args.orders,))]
    db.close()
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind.out.%p", "--dump-instr=no",
           args.binary, "serve", "--addr", f"127.0.0.1:{PORT}", "--database-url", args.database_url,
           "--token-key", TOKEN_KEY, "--no-demo-data"]
    log = open(out / f"server-{args.label}.log", "w")
    server = subprocess.Popen(cmd, stdout=log, stderr=log, env={**os.environ, "ORDERS_LOG": "warn"})
    try:
        connection = connect(time.monotonic() + 120)

        def get(path, token):
            # As wrk sends them (bench/requests.lua): no Accept-Encoding, which http.client would add, unless asked.
            connection.putrequest("GET", path, skip_accept_encoding=True)
            if args.accept_encoding:
                connection.putheader("Accept-Encoding", args.accept_encoding)
            if token:
                connection.putheader("Authorization", f"Bearer {token}")
            connection.endheaders()
            response = connection.getresponse()
            response.read()
            assert response.status == 200, (path, response.status)

        for _ in range(3):  # held, then trusted: a body stored behind the first answer moves the generation once
            for path, token in detail:
                get(path, token)
        time.sleep(2)
        scenarios = {"floor": [("/config/v1/us", None)] * 500, "detail": detail * 3}
        for name, requests in scenarios.items():
            for path, token in requests[:20]:
                get(path, token)
            before = set(out.glob(f"callgrind.out.{server.pid}*"))
            control(server.pid, "--zero")
            for path, token in requests:
                get(path, token)
            control(server.pid, "--dump=" + name)
            time.sleep(1)
            total, dump = last_dump_total(out, server.pid, before)
            print(f"[callgrind] {args.label} {name}: {total // len(requests):,} instructions per request "
                  f"({len(requests)} requests, {dump.name})", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
