#!/usr/bin/env python3
"""Instructions per request on the uncached read path, counted by callgrind (repeatable on a busy machine,
unlike wall-clock figures).

Starts target/release/orders under `valgrind --tool=callgrind` with the response cache off, sends each
scenario's requests one at a time (after one warm-up pass), and reads the instruction count of exactly
those requests (`callgrind_control --zero` before, `--dump` after). Prints instructions per request and
leaves the dumps in --out for callgrind_annotate. Counts user-space instructions of the server's threads
only: time in the kernel (sockets, futex wake-ups between sqlx's SQLite worker and the runtime) and in
the database server (PostgreSQL) is not in them.

    bench/callgrind.py --database-url bench/out/perf.db --requests 200
    bench/callgrind.py --database-url postgres://postgres@127.0.0.1:5432/orders_perf --requests 200
"""
import argparse, json, os, re, sqlite3, subprocess, sys, time, urllib.error
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench import BINARY, HEAVIEST_EMAIL, TOKEN_KEY, http_get, token_for  # noqa: E402

PORT = 18410


def targets(sample_db, count):
    """Order detail URLs of `count` members' orders, and the heaviest member (history pages)."""
    db = sqlite3.connect(sample_db)
    detail = db.execute(
        "SELECT order_number, upm_id FROM orders WHERE upm_id IS NOT NULL AND order_type = 'SALES_ORDER' "
        "ORDER BY order_number LIMIT ?", (count,)).fetchall()
    heaviest = db.execute("SELECT upm_id FROM members WHERE email = ?", (HEAVIEST_EMAIL,)).fetchone()
    db.close()
    return [(f"/orders/history/v1/{n}", u) for n, u in detail], heaviest[0] if heaviest else detail[0][1]


def page_path(base, token, page):
    path = "/orders/history/v1"
    for _ in range(page - 1):
        _, body = http_get(base + path, token)
        path = "/orders/history/v1?" + json.loads(body)["pages"]["next"]
    return path


def control(pid, *flags):
    subprocess.run(["callgrind_control", *flags, str(pid)], check=True, capture_output=True, text=True)


def last_dump_total(out, pid, before):
    dumps = sorted(set(out.glob(f"callgrind.out.{pid}*")) - before, key=lambda p: p.stat().st_mtime)
    text = dumps[-1].read_text(errors="replace")
    total = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.M)
    return int(total.group(1)), dumps[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--sample-db", help="SQLite file the URLs are drawn from (default: --database-url)")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--binary", default=str(BINARY))
    parser.add_argument("--out", default=str(Path(__file__).parent / "out" / "callgrind"))
    parser.add_argument("--label", default="run")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    detail, heaviest = targets(args.sample_db or args.database_url, args.requests)
    base = f"http://127.0.0.1:{PORT}"
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind.out.%p", "--dump-instr=no",
           args.binary, "serve", "--addr", f"127.0.0.1:{PORT}", "--database-url", args.database_url,
           "--token-key", TOKEN_KEY, "--no-demo-data", "--response-cache-mib", "0"]
    log = open(out / f"server-{args.label}.log", "w")
    server = subprocess.Popen(cmd, stdout=log, stderr=log, env={**os.environ, "ORDERS_LOG": "warn"})
    results = {}
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                http_get(base + "/healthz", timeout=5)
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("server did not start")
                time.sleep(0.2)
        heavy = token_for(heaviest)
        scenarios = {
            "order_detail": [(p, token_for(u)) for p, u in detail],
            "history_page_1": [(page_path(base, heavy, 1), heavy)] * args.requests,
            "history_page_50": [(page_path(base, heavy, 50), heavy)] * args.requests,
        }
        for name, requests in scenarios.items():
            for path, token in requests[:20]:
                http_get(base + path, token, timeout=60)  # warm-up: statement caches, pages in memory
            before = set(out.glob(f"callgrind.out.{server.pid}*"))
            control(server.pid, "--zero")
            for path, token in requests:
                status, _ = http_get(base + path, token, timeout=60)
                assert status == 200, (path, status)
            control(server.pid, "--dump=" + name)
            total, dump = last_dump_total(out, server.pid, before)
            results[name] = {"requests": len(requests), "instructions_per_request": total // len(requests),
                             "dump": str(dump)}
            print(f"[callgrind] {args.label} {name}: {total // len(requests):,} instructions per request "
                  f"({len(requests)} requests, {dump.name})", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=60)
    (out / f"{args.label}.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
