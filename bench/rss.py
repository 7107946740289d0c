#!/usr/bin/env python3
"""Peak RSS of the server after 512 connections, as bench.py measures it, with the variants that tell what
holds the memory: the binary as shipped (`MIMALLOC_ARENA_EAGER_COMMIT=0`, response cache 16 MiB), then
with the response cache off, then with fewer database connections. Each variant: start, 5 s of order
details from 32 connections (fills the cache with the --bodies bodies, 500 unless told), 5 s from 512 connections, then VmHWM
(peak) and VmRSS (now) from /proc.

    bench/rss.py --database-url bench/out/perf.db [--binary target/release/orders]
"""
import argparse, os, re, subprocess, sys, tempfile, time, urllib.error
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench import BINARY, TOKEN_KEY, http_get, token_for  # noqa: E402
from callgrind import targets  # noqa: E402

PORT = 18450
VARIANTS = {
    "as shipped": [],
    "response cache off": ["--response-cache-mib", "0"],
    "response cache 12 MiB": ["--response-cache-mib", "12"],
    "response cache 8 MiB": ["--response-cache-mib", "8"],
    "4 database connections": ["--db-connections", "4"],
    "2 database connections": ["--db-connections", "2"],
    "no request limit": ["--max-requests-in-flight", "0"],
    "64 requests in flight": ["--max-requests-in-flight", "64"],
}


def memory(pid):
    status = Path(f"/proc/{pid}/status").read_text()
    mib = lambda key: round(int(re.search(rf"{key}:\s+(\d+)", status).group(1)) / 1024, 1)
    # RssFile: pages of files mapped, mostly the binary's code (clean, shared with the page cache);
    # RssAnon: the heap and stacks.
    return {"peak_mib": mib("VmHWM"), "now_mib": mib("VmRSS"), "file_mib": mib("RssFile"), "anon_mib": mib("RssAnon"),
            "threads": int(re.search(r"Threads:\s+(\d+)", status).group(1))}


def wrk(targets_file, connections, seconds):
    result = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s",
                             str(Path(__file__).parent / "requests.lua"), f"http://127.0.0.1:{PORT}"],
                            env={**os.environ, "BENCH_TARGETS": targets_file}, capture_output=True, text=True, check=True)
    return float(re.search(r"Requests/sec:\s+([\d.]+)", result.stdout).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--sample-db", help="SQLite file the URLs are drawn from (default: --database-url)")
    parser.add_argument("--binary", default=str(BINARY))
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--bodies", type=int, default=500, help="order details in the mix (bench.py: 3,000)")
    args = parser.parse_args()
    detail, _ = targets(args.sample_db or args.database_url, args.bodies)
    targets_file = tempfile.mktemp(prefix="orders-rss-")
    Path(targets_file).write_text("".join(f"{path}\t{token_for(upm)}\n" for path, upm in detail))
    for name in args.variants.split(","):
        server = subprocess.Popen([args.binary, "serve", "--addr", f"127.0.0.1:{PORT}", "--database-url",
                                   args.database_url, "--token-key", TOKEN_KEY, "--no-demo-data", *VARIANTS[name]],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env={**os.environ, "ORDERS_LOG": "warn", "MIMALLOC_ARENA_EAGER_COMMIT": "0"})
        try:
            for _ in range(300):
                try:
                    http_get(f"http://127.0.0.1:{PORT}/healthz", timeout=1)
                    break
                except (urllib.error.URLError, ConnectionError, OSError):
                    time.sleep(0.1)
            started = memory(server.pid)
            wrk(targets_file, 32, 5)
            filled = memory(server.pid)
            rate = wrk(targets_file, 512, 5)
            after = memory(server.pid)
            print(f"[rss] {name}: at start {started['now_mib']} MiB; after 32 connections {filled['now_mib']} MiB; "
                  f"after 512 connections ({rate:,.0f} rps) peak {after['peak_mib']} MiB, now {after['now_mib']} MiB "
                  f"(files {after['file_mib']}, heap and stacks {after['anon_mib']}), "
                  f"{after['threads']} threads (load {os.getloadavg()[0]:.1f})", flush=True)
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
