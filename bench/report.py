#!/usr/bin/env python3
"""Writes docs/performance.md from one bench run's JSON file."""
import json, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Where the hand-written part of docs/performance.md begins; the run keeps it as it is.
NOTES_HEADING = "## Reading these figures"

TARGETS = {
    "order_detail": 0.35,
    "history_page_1": 0.30,
    "history_page_50": 0.30,
}


def others_summary(others):
    """The CPU that processes outside the measured system took during a tail run: total, then the two largest."""
    top = ", ".join(f"{name} {ms}" for name, ms in list(others.items())[:2])
    return f"other processes {sum(others.values())} ms CPU{': ' + top if top else ''}"


def verdict(ok):
    return "met" if ok else "**missed**"


def merged(paths):
    """One run from several: later files add backends, writes and the two-process figures to earlier ones
    (a write-only run, `--skip-reads`, is reported beside the last full read run)."""
    run = json.loads(Path(paths[0]).read_text())
    for path in paths[1:]:
        extra = json.loads(Path(path).read_text())
        run.setdefault("backends", {}).update(extra.get("backends", {}))
        run.setdefault("writes", {}).update(extra.get("writes", {}))
        if "two_processes" in extra:
            run["two_processes"] = extra["two_processes"]
        run.setdefault("extra_runs", []).append(extra["machine"])
    return run


# Issue 13: the database path (response cache off) against nginx.
UNCACHED_TARGETS = {
    ("sqlite", "order_detail"): 0.45, ("postgres", "order_detail"): 0.25,
    ("sqlite", "history_page_1"): 0.30, ("postgres", "history_page_1"): 0.20,
    ("sqlite", "history_page_50"): 0.30, ("postgres", "history_page_50"): 0.20,
}

WRITE_TARGETS = {"sqlite": 2000, "postgres": 1000}


def write_lines(run):
    writes, two = run.get("writes", {}), run.get("two_processes")
    if not writes and not two:
        return []
    lines = ["", "## Writes and two processes", ""]
    if writes:
        lines += ["`POST /ops/v1/orders` with wrk (closed loop), each request a new order of a member with two lines",
                  "(member check, insert of the order and its lines in one transaction); median of "
                  f"{run['parameters'].get('write_reps', 3)} runs of {run['parameters']['duration']} s; failed = non-2xx "
                  "answers and socket errors over all runs.", "",
                  "| backend | clients | orders/s | p50 | p99 | failed | target (8 clients) | |",
                  "|---|---:|---:|---:|---:|---:|---:|---|"]
        for backend, w in writes.items():
            for clients in (1, 8):
                r = w.get(f"clients_{clients}")
                if not r:
                    continue
                target = WRITE_TARGETS.get(backend)
                mark = ""
                if clients == 8 and target:
                    mark = f"| {target:,}/s, 0 failed | {verdict(r['rps'] >= target and r['failed_all_runs'] == 0)}"
                else:
                    mark = "| | "
                lines.append(f"| {backend} | {clients} | {r['rps']:,.0f} | {r['p50_ms']} ms | {r['p99_ms']} ms "
                             f"| {r['failed_all_runs']} {mark} |")
    if two:
        v = two.get("visibility", {})
        lines += ["", "Two `orders` processes on one PostgreSQL behind nginx (upstream, round robin), order detail with",
                  "the response cache on, against one process behind the same proxy (interleaved, median): "
                  f"one process {two['one_process_rps']:,.0f} rps, two processes {two['two_processes_rps']:,.0f} rps.",
                  f"A write through one process is seen through the other (which held the old body in its cache) "
                  f"after {v.get('p50_ms')} ms (median), {v.get('max_ms')} ms at most, over {v.get('writes')} writes "
                  f"({v.get('seen_within_10s')} seen; target within 1 s)."]
    return lines


def main(paths):
    run = merged(paths)
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
        *[f"- Later run merged in (its backends, writes or two-process figures replace this run's): `{e['commit']}`, "
          f"run at {e['date']}." for e in run.get("extra_runs", [])],
        f"- Data: {run['parameters']['members']:,} members, {run['parameters']['orders']:,} orders "
        f"(heaviest member: {run['heaviest_member_orders']:,} orders); seeding took "
        + ", ".join(f"{k} {v} s" for k, v in run["seeding_seconds"].items() if v is not None)
        + ("; storing the ready details (`orders ready-details`, ADR 0012) took "
           + ", ".join(f"{k} {v} s" for k, v in run["ready_details_seconds"].items())
           if run.get("ready_details_seconds") else "") + ".",
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
    floors = {backend: b["ready_bytes"] for backend, b in run["backends"].items() if "ready_bytes" in b}
    for backend, f in floors.items():
        lines.append(f"| {backend} | ready bytes (floor) | {f['ours_median_rps']:,.0f} | {f['nginx_median_rps']:,.0f} "
                     f"| {f['ratio']:.2f} | | |")
    if floors:
        lines += ["", "*Ready bytes* is the floor: `GET /config/v1/us`, rendered once at start and answered from memory",
                  "through the same listener, router and layers, with no token and no database. No read can do better",
                  "than this ratio; a target above it asks for the token check, the database and the view to cost nothing."]
    lines += write_lines(run)
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
    runs_lines = []
    for backend, b in run["backends"].items():
        runs = b.get("tail_latency", {}).get("50pct_runs")
        if runs:
            runs_lines.append(f"- {backend}: " + "; ".join(
                f"{r['p99_ms']} ms ({others_summary(r.get('others_cpu_ms', {}))})" for r in runs))
    if runs_lines:
        seconds = run.get("parameters", {}).get("tail_duration", 10)
        lines += ["", f"At 50% the figure is the run with the median p99 of several {seconds} s runs. Every run's p99, with the CPU",
                  "that processes outside the measured system (our server, oha, nginx, wrk, PostgreSQL) took during it:", ""]
        lines += runs_lines
    lines += ["", "## The database path (response cache off)", "",
              "The same URLs with `--response-cache-mib 0`, so every request reads the database:", "",
              "| backend | scenario | ours (rps) | nginx (rps) | ratio | target (issue 13) | |",
              "|---|---|---:|---:|---:|---:|---|"]
    for backend, b in run["backends"].items():
        for scenario in TARGETS:
            u = b.get("uncached", {}).get(scenario)
            if u:
                target = UNCACHED_TARGETS.get((backend, scenario))
                mark = f"{target:.2f} | {verdict(u['ratio'] >= target)}" if target else " | "
                lines.append(f"| {backend} | {scenario.replace('_', ' ')} | {u['ours_median_rps']:,.0f} | "
                             f"{u['nginx_median_rps']:,.0f} | {u['ratio']:.3f} | {mark} |")
        if "uncached" in b:
            lines.append(f"| {backend} | page 50 / page 1 cost | {page_cost(b['uncached'], b.get('history_items'))} "
                         "| | | 1.2x per page | |")
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
              f"- Initial JavaScript for /orders (entry, its static imports, the history page and its slots): "
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
    # Everything from "## Reading these figures" on is written by hand (each pass's findings) and kept as it is:
    # the run rewrites only the figures above it. One copy of those notes, in the document itself (a copy kept in
    # bench/notes.md until the twenty-second session fell 750 lines behind, and a run would have dropped them).
    document = ROOT / "docs" / "performance.md"
    previous = document.read_text() if document.exists() else ""
    notes_at = previous.find(NOTES_HEADING)
    if notes_at >= 0:
        lines += [previous[notes_at:].strip(), ""]
    document.write_text("\n".join(lines))
    print("[bench] wrote docs/performance.md")


if __name__ == "__main__":
    main(sys.argv[1:])
