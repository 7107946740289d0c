#!/usr/bin/env python3
"""Writes docs/performance.md from one bench run's JSON file."""
import json, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TARGETS = {
    "order_detail": 0.35,
    "history_page_1": 0.30,
    "history_page_50": 0.30,
}


def verdict(ok):
    return "met" if ok else "**missed**"


def main(path):
    run = json.loads(Path(path).read_text())
    m = run["machine"]
    lines = [
        "# Performance",
        "",
        "Written by `bench/run` (see *Reproduce*). Every throughput figure is a ratio to nginx serving the very bytes",
        "our server answered for the same URLs, measured in the same run, interleaved (ours, nginx, ours, ...), median",
        f"of {run['parameters']['reps']} runs of {run['parameters']['duration']} s with wrk ({run['parameters']['connections']} connections, 2 threads).",
        "Absolute numbers are beside the ratios but are not the goal: the machine is shared and noisy.",
        "",
        f"- Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB; load generator, server, database and nginx share it.",
        f"- Commit: `{m['commit']}`, run at {m['date']}.",
        f"- Data: {run['parameters']['members']:,} members, {run['parameters']['orders']:,} orders "
        f"(heaviest member: {run['heaviest_member_orders']:,} orders); seeding took "
        + ", ".join(f"{k} {v} s" for k, v in run["seeding_seconds"].items() if v is not None) + ".",
        "",
        "## Throughput against nginx",
        "",
        "| backend | scenario | ours (rps) | nginx (rps) | ratio | target | |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for backend, b in run["backends"].items():
        for scenario, target in TARGETS.items():
            s = b[scenario]
            lines.append(f"| {backend} | {scenario.replace('_', ' ')} | {s['ours_median_rps']:,.0f} | {s['nginx_median_rps']:,.0f} "
                         f"| {s['ratio']:.2f} | {target:.2f} | {verdict(s['ratio'] >= target)} |")
    lines += ["", "## Latency, memory, start", "",
              "Tail latency is measured with oha in open loop with latency correction, at 50% and 80% of the maximum oha",
              "itself reaches against our server (closed loop, same URLs: the heaviest member's orders).", "",
              "| backend | detail bytes | page 50 / page 1 cost | p50 / p99 / p99.9 at 50% of max | at 80% | 512 connections errors | peak RSS | cold start |",
              "|---|---:|---:|---|---|---:|---:|---:|"]
    def page_cost(b, items):
        """Page 50's cost over page 1's, per request and per line item (page 50 may hold more lines)."""
        ours = b["history_page_1"]["ours_median_rps"] / b["history_page_50"]["ours_median_rps"]
        if not items:
            return f"{ours:.2f}x"
        per_item = ours * items["page_1"]["items"] / items["page_50"]["items"]
        return f"{ours:.2f}x per page, {per_item:.2f}x per line item"

    for backend, b in run["backends"].items():
        tail = b.get("tail_latency", {})
        fmt = lambda t: f"{t['p50_ms']} / {t['p99_ms']} / {t['p99_9_ms']} ms ({t['rate']:,} rps, {t['errors']} errors)" if isinstance(t, dict) else "not measured"
        many = b["connections_512"]
        lines.append(f"| {backend} | {b['order_detail_bytes_median']:,} B | {page_cost(b, b.get('history_items'))} | {fmt(tail.get('50pct'))} "
                     f"| {fmt(tail.get('80pct'))} | {many['non2xx'] + many['socket_errors']} | {b['peak_rss_mib']} MiB | {b['cold_start_ms']} ms |")
    lines += ["", "## The database path (response cache off)", "",
              "The same URLs with `--response-cache-mib 0`, so every request reads the database:", "",
              "| backend | scenario | ours (rps) | nginx (rps) | ratio |", "|---|---|---:|---:|---:|"]
    for backend, b in run["backends"].items():
        for scenario in TARGETS:
            u = b.get("uncached", {}).get(scenario)
            if u:
                lines.append(f"| {backend} | {scenario.replace('_', ' ')} | {u['ours_median_rps']:,.0f} | "
                             f"{u['nginx_median_rps']:,.0f} | {u['ratio']:.3f} |")
        if "uncached" in b:
            lines.append(f"| {backend} | page 50 / page 1 cost | {page_cost(b['uncached'], b.get('history_items'))} | | |")
    items = next((b["history_items"] for b in run["backends"].values() if b.get("history_items")), None)
    if items:
        lines += ["", f"The heaviest member's page 1 holds {items['page_1']['items']} line items ({items['page_1']['bytes']:,} bytes), "
                  f"page 50 holds {items['page_50']['items']} ({items['page_50']['bytes']:,} bytes): pages hold 10 orders each, so "
                  "the cost per line item is the figure that shows whether a deep page costs more to find."]
    if "postgres_vs_sqlite" in run:
        ratios = run["postgres_vs_sqlite"]
        lines += ["", "PostgreSQL throughput as a share of SQLite's (target at least 0.60): "
                  + ", ".join(f"{k.replace('_', ' ')} {v:.2f}" for k, v in ratios.items()) + "."]
    web = run.get("web", {})
    lines += ["", "## Page weight (gzip)", "",
              f"- Initial JavaScript for /orders (entry, its static imports and the history page): "
              f"{web.get('initial_js_orders_kib_gzip')} KB (target at most 100 KB).",
              "- What each lazy route chunk adds: " + ", ".join(f"{k.split('-page-')[0]} {v} KB" for k, v in web.get("lazy_route_chunks_kib_gzip", {}).items())
              + " (target at most 30 KB each).",
              "", "## Reproduce", "",
              "```sh",
              "bench/run                      # seeds once (cached in bench/out), then measures SQLite and PostgreSQL",
              "bench/run --reps 5 --duration 8 --backends sqlite",
              "```",
              "",
              "The run's JSON (every repetition, both servers) is written to `bench/out/run-<time>.json`.",
              ""]
    notes = ROOT / "bench" / "notes.md"
    if notes.exists():
        lines += [notes.read_text().strip(), ""]
    (ROOT / "docs" / "performance.md").write_text("\n".join(lines))
    print("[bench] wrote docs/performance.md")


if __name__ == "__main__":
    main(sys.argv[1])
