#!/usr/bin/env python3
"""Wall-clock A/B of two builds on the read path: `wrk -t2 -c32 -d5s` against each build in turn (response
cache off unless --cache-mib, same database, same URLs), the order within a pair alternating, median of --pairs.
On a shared machine only the ratio within a pair means anything: the load is printed beside each run.

    bench/ab.py --old /tmp/orders-base --new target/release/orders --database-url bench/out/perf.db
"""
import argparse, os, re, statistics, subprocess, sys, tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench import start_uncached, token_for  # noqa: E402
from callgrind import page_path, targets  # noqa: E402

PORT = 18440


def wrk(targets_file, seconds):
    result = subprocess.run(["wrk", "-t2", "-c32", f"-d{seconds}s", "-s", str(Path(__file__).parent / "requests.lua"),
                             f"http://127.0.0.1:{PORT}"], env={**os.environ, "BENCH_TARGETS": targets_file},
                            capture_output=True, text=True, check=True)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", result.stdout)
    assert not non2xx, result.stdout
    return float(re.search(r"Requests/sec:\s+([\d.]+)", result.stdout).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--sample-db", help="SQLite file the URLs are drawn from (default: --database-url)")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--scenarios", default="order_detail,history_page_1",
                        help="of order_detail, history_page_1, history_page_50 and floor")
    parser.add_argument("--cache-mib", type=int, default=0, help="the response cache (0: off, the database path)")
    args = parser.parse_args()
    detail, heaviest = targets(args.sample_db or args.database_url, 500)
    folder = tempfile.mkdtemp(prefix="orders-ab-")
    files = {}
    with open(os.path.join(folder, "order_detail"), "w") as out:
        out.writelines(f"{path}\t{token_for(upm_id)}\n" for path, upm_id in detail)
    files["order_detail"] = out.name
    with open(os.path.join(folder, "floor"), "w") as out:  # answered from memory: no token, no database
        out.write("/config/v1/us\t\n")
    files["floor"] = out.name
    server = start_uncached(args.old, PORT, args.database_url)
    try:
        heavy = token_for(heaviest)
        for page in (1, 50):
            with open(os.path.join(folder, f"history_page_{page}"), "w") as out:
                out.write(f"{page_path(f'http://127.0.0.1:{PORT}', heavy, page)}\t{heavy}\n")
            files[f"history_page_{page}"] = out.name
    finally:
        server.terminate()
        server.wait()
    for scenario in args.scenarios.split(","):
        rates = {"old": [], "new": []}
        for pair in range(args.pairs):
            order = ("old", "new") if pair % 2 == 0 else ("new", "old")
            for which in order:
                server = start_uncached(getattr(args, which), PORT, args.database_url, args.cache_mib)
                try:
                    wrk(files[scenario], 1)  # warm-up: connections, statement caches (and the response cache)
                    rate = wrk(files[scenario], args.seconds)
                finally:
                    server.terminate()
                    server.wait()
                rates[which].append(rate)
                print(f"[ab] {scenario} pair {pair + 1} {which}: {rate:,.0f} rps (load {os.getloadavg()[0]:.1f})",
                      flush=True)
        old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
        print(f"[ab] {scenario}: old {old:,.0f} rps, new {new:,.0f} rps, new/old {new / old:.2f} "
              f"(pairs {[round(n / o, 2) for o, n in zip(rates['old'], rates['new'])]})", flush=True)


if __name__ == "__main__":
    main()
