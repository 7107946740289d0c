#!/usr/bin/env python3
"""SQLite's uncached order detail under the levers issue 33 names (docs/performance.md, "SQLite's uncached
detail"): the database path (response cache off) of one build against variants of the same database, each
beside nginx serving the very bytes, interleaved, median of --reps.

Variants:
- `4k`: the database as `bench/bench.py` seeds it (SQLite's default 4 KB pages, 2,000 KiB page cache per
  hot-read connection);
- `4k+cache`: the same file with a larger page cache per hot-read connection (`?read_cache_kib=N`);
- `8k`: a copy rebuilt with 8 KB pages (`PRAGMA page_size`, `VACUUM`): a 6.5 KB stored body fits its row
  instead of spilling into an overflow page;
- `8k+cache`: both.

Each variant's peak resident memory (VmHWM) is reported beside it: the 64 MiB target is for a whole process.

    bench/sqlite_levers.py                # the million-order database bench/bench.py seeded in bench/out
"""
import argparse, json, random, shutil, sqlite3, statistics, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import bench  # noqa: E402


def eight_kb_copy(source: str) -> str:
    """A copy of the database with 8 KB pages, made once (a VACUUM of a million orders takes minutes)."""
    target = Path(source).with_suffix(".8k.db")
    marker = target.with_suffix(".done")
    if marker.exists():
        return str(target)
    for stale in target.parent.glob(target.name + "*"):
        stale.unlink()
    bench.log(f"copying {source} with 8 KB pages")
    started = time.monotonic()
    db = sqlite3.connect(source)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    shutil.copyfile(source, target)
    db = sqlite3.connect(target, isolation_level=None)
    # A database in WAL mode keeps its page size: leave WAL, change it, rebuild, return to WAL.
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("PRAGMA page_size = 8192")
    db.execute("VACUUM")
    db.execute("PRAGMA journal_mode = WAL")
    assert db.execute("PRAGMA page_size").fetchone()[0] == 8192
    db.close()
    marker.write_text(json.dumps({"seconds": round(time.monotonic() - started, 1)}))
    return str(target)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--members", type=int, default=10000)
    parser.add_argument("--orders", type=int, default=1000000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--duration", type=int, default=8, help="seconds per wrk run")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--sample", type=int, default=3000, help="orders of random members in the detail mix")
    parser.add_argument("--cache-kib", type=int, default=16384,
                        help="the larger page cache per hot-read connection (one per runtime thread)")
    parser.add_argument("--variants", default="4k,4k+cache,8k,8k+cache")
    parser.add_argument("--binary", default=str(bench.ROOT / "target" / "release" / "orders"))
    parser.add_argument("--out", default=str(bench.ROOT / "bench" / "out"))
    args = parser.parse_args()
    bench.BINARY = Path(args.binary)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    base, _ = bench.prepare_sqlite(args, out)
    bench.ready_details(base)
    variants = args.variants.split(",")
    files = {"4k": base}
    if any(v.startswith("8k") for v in variants):
        files["8k"] = eight_kb_copy(base)
    detail, *_ = bench.sample_targets(base, args.sample, random.Random(args.seed))
    targets = [(path, bench.token_for(upm)) for path, upm in detail]
    targets_file = out / "targets-levers.tsv"
    targets_file.write_text("".join(f"{p}\t{t}\n" for p, t in targets))

    # nginx serves what the default variant answers: every variant answers the same bytes.
    server = bench.Server(base, out, "levers-capture", extra=("--response-cache-mib", "0"))
    server.start(*targets[0])
    root = out / "nginx-root-levers"
    try:
        bench.capture({"order_detail": targets}, root)
    finally:
        server.stop()
    bench.start_nginx(out, root)
    results = {"parameters": vars(args), "machine": bench.machine(), "variants": {}}
    try:
        for variant in variants:
            url = files[variant.split("+")[0]]
            if variant.endswith("+cache"):
                url += f"?read_cache_kib={args.cache_kib}"
            server = bench.Server(url, out, f"levers-{variant}", extra=("--response-cache-mib", "0"))
            server.start(*targets[0])
            try:
                bench.wrk(bench.OURS_PORT, targets_file, 3, args.connections)  # warm the page caches
                figures = bench.interleaved(f"sqlite order_detail uncached, {variant}", targets_file, args)
                figures["peak_rss_mib"] = round(server.peak_rss_kib() / 1024, 1)
            finally:
                server.stop()
            bench.log(f"{variant}: peak RSS {figures['peak_rss_mib']} MiB")
            results["variants"][variant] = figures
    finally:
        bench.stop_nginx(out)
    baseline = results["variants"].get("4k")
    for variant, figures in results["variants"].items():
        versus = f", {figures['ours_median_rps'] / baseline['ours_median_rps']:.2f}x of 4k" if baseline else ""
        bench.log(f"{variant}: ratio to nginx {figures['ratio']:.3f}{versus}, peak RSS {figures['peak_rss_mib']} MiB")
    stamp = results["machine"]["date"].replace(":", "").replace("-", "")
    path = out / f"levers-{stamp}.json"
    path.write_text(json.dumps(results, indent=2))
    bench.log(f"wrote {path}")


if __name__ == "__main__":
    main()
