#!/usr/bin/env python3
"""Read-path benchmark: our server beside nginx serving the very bytes our server answered.

Every throughput figure is a ratio to nginx measured in the same run, interleaved (ours, nginx, ours, ...),
median of --reps repetitions. Absolute numbers are reported beside the ratios. Loopback only, bounded in time.

With BENCH_ACCEPT_ENCODING="gzip, deflate, br, zstd" every request asks as a browser does, and nginx serves the gzip
our server answered (gzip_static): a browser's reads against nginx's (ADR 0038).
"""
import argparse, base64, datetime, hashlib, hmac, json, os, random, re, shutil, signal, sqlite3, statistics
import subprocess, sys, time, urllib.error, urllib.request
from pathlib import Path

import report  # bench/report.py: the summary of other processes' CPU, shared with the report

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "orders"
TOKEN_KEY = "bench-token-signing-key"
OURS_PORT, NGINX_PORT = 18400, 18401
SECOND_PORT, PROXY_PORT = 18402, 18403  # the second `orders` process and the nginx upstream in front of both
OPS_KEY = "bench-ops-key"
HEAVIEST_EMAIL = "shopper@example.com"
UNTIL = "2026-11-01"  # fixed end day: the same seed gives the same rows on every machine


def log(*parts):
    print("[bench]", *parts, flush=True)


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kwargs)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def token_for(upm_id: str) -> str:
    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    now = int(time.time())
    claims = b64(json.dumps({"sub": upm_id, "iss": "orders", "iat": now, "exp": now + 6 * 3600}).encode())
    signature = hmac.new(TOKEN_KEY.encode(), f"{header}.{claims}".encode(), hashlib.sha256).digest()
    return f"{header}.{claims}.{b64(signature)}"


def http_get(url, token=None, timeout=10, headers=None):
    request = urllib.request.Request(url, headers={**({"Authorization": f"Bearer {token}"} if token else {}),
                                                   **(headers or {})})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status, response.read()


# ---------------------------------------------------------------- data

def start_uncached(binary, port, database_url, cache_mib=0):
    """A build serving the database with the response cache off (or of `cache_mib`; no demo data), once /healthz
    answers."""
    process = subprocess.Popen([binary, "serve", "--addr", f"127.0.0.1:{port}", "--database-url", database_url,
                                "--token-key", TOKEN_KEY, "--no-demo-data", "--response-cache-mib", str(cache_mib)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "ORDERS_LOG": "warn"})
    for _ in range(300):
        try:
            http_get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return process
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.1)
    raise RuntimeError(f"{binary} did not start")


def seed(database_url, args):
    started = time.monotonic()
    result = run([str(BINARY), "seed", "--database-url", database_url, "--members", str(args.members),
                  "--orders", str(args.orders), "--seed", str(args.seed), "--until", UNTIL])
    seconds = time.monotonic() - started
    log(result.stdout.strip())
    return round(seconds, 1)


def ready_details(database_url):
    """Stores every settled order's ready detail for this build (ADR 0012), as an operator does after a
    seed or an upgrade: without it the first read of each order renders it and stores it behind the answer,
    so the uncached figures would measure the rendering for orders read once and the stored body after.
    A no-op (one scan) when they are current; after a new build, every order's body again."""
    started = time.monotonic()
    result = run([str(BINARY), "ready-details", "--database-url", database_url])
    log(result.stdout.strip())
    return round(time.monotonic() - started, 1)


def prepare_sqlite(args, out):
    path = out / f"bench-{args.members}-{args.orders}-{args.seed}.db"
    marker = path.with_suffix(".seeded")
    seconds = None
    if not marker.exists():
        for stale in out.glob(path.name + "*"):
            stale.unlink()
        log(f"seeding SQLite {path.name} ({args.members} members, {args.orders} orders)")
        seconds = seed(str(path), args)
        marker.write_text(json.dumps({"seconds": seconds}))
    else:
        seconds = json.loads(marker.read_text()).get("seconds")
    return str(path), seconds


def psql(url, sql):
    return run(["psql", url, "-Atqc", sql]).stdout.strip()


def prepare_postgres(args):
    admin = args.postgres_admin_url
    name = f"orders_bench_{args.members}_{args.orders}_{args.seed}"
    url = admin.rsplit("/", 1)[0] + "/" + name
    exists = psql(admin, f"SELECT 1 FROM pg_database WHERE datname = '{name}'") == "1"
    seeded = exists and psql(url, "SELECT value FROM settings WHERE name = 'bench_seeded'") != ""
    seconds = None
    if not seeded:
        if exists:
            psql(admin, f'DROP DATABASE "{name}" WITH (FORCE)')
        psql(admin, f'CREATE DATABASE "{name}"')
        log(f"seeding PostgreSQL {name}")
        seconds = seed(url, args)
        psql(url, f"INSERT INTO settings (name, value) VALUES ('bench_seeded', '{seconds}')")
        psql(url, "VACUUM ANALYZE")
    else:
        seconds = float(psql(url, "SELECT value FROM settings WHERE name = 'bench_seeded'"))
    # Seeding and VACUUM leave gigabytes of dirty pages; the checkpoint that writes them would otherwise
    # run (spread over minutes) during the measurements and show as their tail latency.
    psql(url, "CHECKPOINT")
    return url, seconds


def sample_targets(sqlite_path, count, rng):
    db = sqlite3.connect(sqlite_path)
    members = [row[0] for row in db.execute(
        "SELECT DISTINCT upm_id FROM orders WHERE upm_id IS NOT NULL AND order_type = 'SALES_ORDER'")]
    rng.shuffle(members)
    detail = []
    for upm_id in members[:count]:
        numbers = [row[0] for row in db.execute(
            "SELECT order_number FROM orders WHERE upm_id = ? AND order_type = 'SALES_ORDER'", (upm_id,))]
        detail.append((f"/orders/history/v1/{rng.choice(numbers)}", upm_id))
    heaviest = db.execute("SELECT upm_id FROM members WHERE email = ?", (HEAVIEST_EMAIL,)).fetchone()[0]
    heavy_orders = db.execute("SELECT count(*) FROM orders WHERE upm_id = ?", (heaviest,)).fetchone()[0]
    heavy_numbers = [row[0] for row in db.execute(
        "SELECT order_number FROM orders WHERE upm_id = ? AND order_type = 'SALES_ORDER' LIMIT 200", (heaviest,))]
    db.close()
    return detail, heaviest, heavy_orders, heavy_numbers


# ---------------------------------------------------------------- servers

class Server:
    def __init__(self, database_url, out, label, extra=(), port=OURS_PORT):
        self.port = port
        self.cmd = [str(BINARY), "serve", "--addr", f"127.0.0.1:{port}", "--database-url", database_url,
                    "--token-key", TOKEN_KEY, "--no-demo-data", *extra]
        self.log = open(out / f"server-{label}.log", "w")
        self.process = None

    def start(self, probe_path, probe_token):
        """Starts the server; returns seconds from spawn to the first answered API request."""
        try:
            http_get(f"http://127.0.0.1:{self.port}/healthz", timeout=1)
            raise RuntimeError(f"port {self.port} is taken by another server: stop it first")
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        started = time.monotonic()
        # As shipped (scripts/run, Dockerfile, compose): mimalloc commits arena memory as it is used. Without it
        # the peak RSS figure is about 20 MiB higher than what a deployment sees.
        env = {"MIMALLOC_ARENA_EAGER_COMMIT": "0", **os.environ, "ORDERS_LOG": "warn"}
        self.process = subprocess.Popen(self.cmd, stdout=self.log, stderr=self.log, env=env)
        deadline = started + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}: see server-*.log")
            try:
                status, _ = http_get(f"http://127.0.0.1:{self.port}{probe_path}", probe_token, timeout=2)
                if status == 200:
                    return time.monotonic() - started
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.002)
        raise RuntimeError("server did not answer within 60 s")

    def peak_rss_kib(self):
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+)", status).group(1))

    def stop(self):
        if self.process:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()


def nginx_up(out, name, conf):
    """Writes out/<name> and starts nginx with it (stopping one a crashed run left with the same file)."""
    (out / "nginx-tmp").mkdir(exist_ok=True)
    (out / name).write_text(conf)
    nginx_down(out, name)
    run(["nginx", "-c", str(out / name)])
    time.sleep(0.3)


def nginx_down(out, name):
    subprocess.run(["nginx", "-s", "stop", "-c", str(out / name)], capture_output=True)


# With --nginx-open-file-cache: nginx keeps the descriptors of the files it serves open, as a static-file server
# tuned for speed does, instead of an openat, two newfstatat and a close per request. The default run leaves it off
# so that its figures stay comparable with every earlier run.
OPEN_FILE_CACHE = ("    open_file_cache max=20000 inactive=120s;\n    open_file_cache_valid 120s;\n"
                   "    open_file_cache_errors on;\n")
NGINX_OPEN_FILE_CACHE = False


def start_nginx(out, root):
    conf = (Path(__file__).parent / "nginx.conf.template").read_text()
    conf = conf.replace("{open_file_cache}", OPEN_FILE_CACHE if NGINX_OPEN_FILE_CACHE else "")
    nginx_up(out, "nginx.conf", conf.replace("{out}", str(out)).replace("{root}", str(root)).replace("{port}", str(NGINX_PORT)))


def stop_nginx(out):
    nginx_down(out, "nginx.conf")


# ---------------------------------------------------------------- capture

def capture(scenarios, root):
    """Saves what our server answers for every URL, where nginx serves it from."""
    if root.exists():
        shutil.rmtree(root)
    for name, targets in scenarios.items():
        for path, token in targets:
            status, body = http_get(f"http://127.0.0.1:{OURS_PORT}{path}", token)
            if status != 200:
                raise RuntimeError(f"{path} answered {status}")
            if path.startswith("/orders/history/v1?") or path == "/orders/history/v1":
                anchor = re.search(r"anchor=([^&]+)", path)
                file = root / "history" / f"{anchor.group(1) if anchor else 'first'}.json"
            else:
                file = root / path.lstrip("/")
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_bytes(body)
            # A browser's run (BENCH_ACCEPT_ENCODING, which wrk's requests.lua sends too): nginx serves the gzip our
            # server answered from <file>.gz (gzip_static), as our server serves its kept gzip (ADR 0038).
            accept_encoding = os.environ.get("BENCH_ACCEPT_ENCODING")
            if accept_encoding:
                _, gzipped = http_get(f"http://127.0.0.1:{OURS_PORT}{path}", token,
                                      headers={"Accept-Encoding": accept_encoding})
                if gzipped[:2] == b"\x1f\x8b":
                    file.with_name(file.name + ".gz").write_bytes(gzipped)


def history_items(root):
    """Line items and bytes on the captured history pages: page 50 can hold more lines than page 1."""
    pages = {}
    for file in (root / "history").glob("*.json"):
        key = "page_1" if file.stem == "first" else "page_50"
        pages[key] = {"items": len(json.loads(file.read_bytes())["orderItems"]), "bytes": file.stat().st_size}
    return pages


def history_page_path(token, page):
    path = "/orders/history/v1"
    for _ in range(page - 1):
        _, body = http_get(f"http://127.0.0.1:{OURS_PORT}{path}", token)
        next_query = json.loads(body)["pages"]["next"]
        path = f"/orders/history/v1?{next_query}"
    return path


# ---------------------------------------------------------------- load

def run_wrk(port, script, env, threads, connections, duration):
    """wrk with a Lua script of bench/: its output and the counts every run reports."""
    result = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency",
                             "-s", str(Path(__file__).parent / script), f"http://127.0.0.1:{port}"],
                            env={**os.environ, **env}, text=True, capture_output=True, timeout=duration + 60)
    text = result.stdout
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    return text, {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
                  "requests": int(re.search(r"(\d+) requests in", text).group(1)),
                  "non2xx": int((re.search(r"Non-2xx or 3xx responses: (\d+)", text) or [0, 0])[1]),
                  "socket_errors": sum(int(x) for x in socket.groups()) if socket else 0}


def wrk(port, targets_file, duration, connections):
    return run_wrk(port, "requests.lua", {"BENCH_TARGETS": str(targets_file)}, 2, connections, duration)[1]


def interleaved(scenario, targets_file, args):
    ours, nginx = [], []
    for _ in range(args.reps):
        ours.append(wrk(OURS_PORT, targets_file, args.duration, args.connections))
        nginx.append(wrk(NGINX_PORT, targets_file, args.duration, args.connections))
    ours_rps = [r["rps"] for r in ours]
    nginx_rps = [r["rps"] for r in nginx]
    ratio = statistics.median(ours_rps) / statistics.median(nginx_rps)
    pair_ratios = [a / b for a, b in zip(ours_rps, nginx_rps)]
    errors = sum(r["non2xx"] + r["socket_errors"] for r in ours)
    log(f"{scenario}: ours {statistics.median(ours_rps):.0f} rps, nginx {statistics.median(nginx_rps):.0f} rps, "
        f"ratio {ratio:.3f}, errors {errors}")
    return {"ours_rps": ours_rps, "nginx_rps": nginx_rps, "ours_median_rps": statistics.median(ours_rps),
            "nginx_median_rps": statistics.median(nginx_rps), "ratio": round(ratio, 4),
            "pair_ratio_median": round(statistics.median(pair_ratios), 4), "errors": errors}


# The processes that are the system under test or the load; the CPU of every other process during a tail run is
# reported beside it. These machines run other services (RabbitMQ, MariaDB, Redis, NATS, ...) on the same 2 cores;
# a burst of one of them shows in our tail at 50% load, not in nginx's at 10% (see docs/performance.md, Tenth pass).
MEASURED = {"orders", "oha", "postgres", "nginx", "wrk"}


def cpu_by_process():
    """CPU seconds so far of every process on the machine, by pid: (name, seconds)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        close = stat.rfind(")")
        fields = stat[close + 2:].split()
        found[entry] = (stat[stat.find("(") + 1:close], (int(fields[11]) + int(fields[12])) / ticks)
    return found


def others_cpu(before, after):
    """CPU milliseconds that processes outside the measured system took between two snapshots, by name, largest first."""
    by_name = {}
    for pid, (name, seconds) in after.items():
        if name in MEASURED or pid == str(os.getpid()):
            continue
        spent = seconds - before.get(pid, (name, 0.0))[1]
        if spent > 0:
            by_name[name] = by_name.get(name, 0.0) + spent * 1000
    return dict(sorted(((k, round(v)) for k, v in by_name.items()), key=lambda kv: -kv[1]))


def oha(urls_regex, token, rate, duration):
    """Open loop at `rate` with latency correction; `rate` None runs closed loop (the maximum oha reaches)."""
    pace = ["-q", str(int(rate)), "--latency-correction"] if rate else []
    before = cpu_by_process()
    result = subprocess.run(["oha", "--no-tui", "--output-format", "json", "-z", f"{duration}s", *pace,
                             "-c", "64", "--rand-regex-url", urls_regex, "-H", f"Authorization: Bearer {token}"],
                            text=True, capture_output=True, timeout=duration + 60)
    after = cpu_by_process()
    data = json.loads(result.stdout)
    percentiles = data.get("latencyPercentiles", {})
    statuses = data.get("statusCodeDistribution", {})
    failures = {k: v for k, v in data.get("errorDistribution", {}).items() if k != "aborted due to deadline"}
    errors = sum(v for k, v in statuses.items() if not k.startswith("2")) + sum(failures.values())
    ms = lambda key: round(float(percentiles.get(key) or 0) * 1000, 3)
    return {"rate": int(rate or data.get("summary", {}).get("requestsPerSec", 0)), "p50_ms": ms("p50"), "p99_ms": ms("p99"), "p99_9_ms": ms("p99.9"),
            "requests": sum(statuses.values()), "status_codes": statuses, "errors": errors,
            "in_flight_at_deadline": data.get("errorDistribution", {}).get("aborted due to deadline", 0),
            "others_cpu_ms": others_cpu(before, after)}


# ---------------------------------------------------------------- one backend

# The country configuration: rendered once at start, answered from memory without a token.
READY_BYTES_PATH = "/config/v1/us"
DATABASE_SCENARIOS = ("order_detail", "history_page_1", "history_page_50")


def bench_backend(label, database_url, detail, heaviest, heavy_numbers, args, out):
    results = {"backend": label}
    heavy_token = token_for(heaviest)
    probe = detail[0]
    server = Server(database_url, out, label)
    nginx_running = False
    try:
        cold = server.start(probe[0], token_for(probe[1]))
        results["cold_start_ms"] = round(cold * 1000, 1)
        log(f"{label}: cold start to the first answered request {cold * 1000:.0f} ms")
        page50 = history_page_path(heavy_token, 50)
        scenarios = {
            "order_detail": [(path, token_for(upm)) for path, upm in detail],
            "history_page_1": [("/orders/history/v1", heavy_token)],
            "history_page_50": [(page50, heavy_token)],
            # The floor: ready bytes from memory through the same listener, router and layers, with no token
            # and no database. No read path can be faster than this; it shows how much of nginx is left.
            "ready_bytes": [(READY_BYTES_PATH, "")],
        }
        root = out / "nginx-root"
        capture(scenarios, root)
        results["history_items"] = history_items(root)
        sizes = [len((root / p.lstrip("/")).read_bytes()) for p, _ in scenarios["order_detail"]]
        results["order_detail_bytes_median"] = int(statistics.median(sizes))
        start_nginx(out, root)
        nginx_running = True
        files = {}
        for name, targets in scenarios.items():
            files[name] = out / f"targets-{name}.tsv"
            files[name].write_text("".join(f"{p}\t{t}\n" for p, t in targets))
            results[name] = interleaved(f"{label} {name}", files[name], args)
        results["page_50_vs_page_1"] = round(results["history_page_1"]["ours_median_rps"] /
                                             results["history_page_50"]["ours_median_rps"], 3)
        if args.cached_only:
            return results
        regex = f"http://127.0.0.1:{OURS_PORT}/orders/history/v1/({'|'.join(heavy_numbers)})"  # oha: a dot is a dot
        results["tail_latency"] = {}
        if shutil.which("oha"):
            # The rates are shares of the maximum oha itself reaches (closed loop): oha needs more CPU per request
            # than wrk, and on 2 shared cores a rate the generator cannot send would measure the generator.
            maximum = oha(regex, heavy_token, None, args.tail_duration)["rate"]
            results["tail_latency"]["oha_maximum_rps"] = maximum
            log(f"{label} oha closed-loop maximum {maximum} rps")
            # --tail-runs runs at 50%: the one with the median p99 is the figure, every run is kept with the CPU
            # other processes on the machine took during it, so that a co-tenant's burst is seen for what it is.
            for share, count in ((0.5, args.tail_runs), (0.8, 1)):
                runs = []
                for _ in range(count):
                    figures = oha(regex, heavy_token, maximum * share, args.tail_duration)
                    runs.append(figures)
                    log(f"{label} tail at {int(share * 100)}% of max ({figures['rate']} rps): p50 {figures['p50_ms']} ms, "
                        f"p99 {figures['p99_ms']} ms, p99.9 {figures['p99_9_ms']} ms, errors {figures['errors']}, "
                        f"{report.others_summary(figures['others_cpu_ms'])}")
                key = f"{int(share * 100)}pct"
                results["tail_latency"][key] = sorted(runs, key=lambda r: r["p99_ms"])[len(runs) // 2]
                results["tail_latency"][f"{key}_runs"] = runs
        else:
            log("oha not found: tail latency not measured")
        many = wrk(OURS_PORT, files["order_detail"], args.duration, 512)
        results["connections_512"] = many
        log(f"{label} 512 connections: {many['rps']:.0f} rps, non-2xx {many['non2xx']}, socket errors {many['socket_errors']}")
        results["peak_rss_mib"] = round(server.peak_rss_kib() / 1024, 1)
        log(f"{label} peak RSS {results['peak_rss_mib']} MiB")
        server.stop()
        # The same URLs with the response cache off: every request reads the database.
        server = Server(database_url, out, f"{label}-uncached", extra=("--response-cache-mib", "0"))
        server.start(probe[0], token_for(probe[1]))
        results["uncached"] = {}
        for name in DATABASE_SCENARIOS:
            results["uncached"][name] = interleaved(f"{label} {name} (cache off)", files[name], args)
        results["uncached"]["page_50_vs_page_1"] = round(results["uncached"]["history_page_1"]["ours_median_rps"] /
                                                         results["uncached"]["history_page_50"]["ours_median_rps"], 3)
        results["uncached"]["peak_rss_mib"] = round(server.peak_rss_kib() / 1024, 1)
    finally:
        server.stop()
        if nginx_running:
            stop_nginx(out)
    return results


# ---------------------------------------------------------------- writes

def wrk_upserts(port, duration, connections, run_id, upm_id=None):
    """Ops order upserts from `connections` clients (wrk, closed loop): orders/s, failures, latency."""
    env = {"BENCH_OPS_KEY": OPS_KEY, "BENCH_RUN": run_id}
    if upm_id:
        env["BENCH_UPM_ID"] = upm_id
    text, counts = run_wrk(port, "upserts.lua", env, min(connections, 2), connections, duration)
    latency = {p: wrk_ms(m.group(1), m.group(2)) for p, m in
               ((p, re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)) for p in ("50", "99")) if m}
    return {**counts, "p50_ms": latency.get("50"), "p99_ms": latency.get("99")}


def wrk_ms(value, unit):
    return round(float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit], 3)


def remove_bench_orders(label, database_url):
    """Drops the orders the write benchmark made (numbers start with W), so the read data stays as seeded."""
    statements = ["DELETE FROM order_lines WHERE order_number LIKE 'W%'", "DELETE FROM orders WHERE order_number LIKE 'W%'"]
    if label == "sqlite":
        db = sqlite3.connect(database_url)
        for sql in statements:
            db.execute(sql)
        db.commit()
        db.close()
    else:
        for sql in statements:
            psql(database_url, sql)
        # The removed rows stay in the heaviest member's index range as dead tuples until vacuumed: a read
        # run after the writes would walk through them on every history page 1 (measured 0.027 of nginx).
        psql(database_url, "VACUUM ANALYZE orders, order_lines")


def bench_writes(label, database_url, heaviest, args, out):
    """Ops order upserts per second from 1 and 8 clients, every request a new order of a member (the
    write checks the member, inserts the order and its two lines in one transaction)."""
    results = {}
    server = Server(database_url, out, f"{label}-writes", extra=("--ops-key", OPS_KEY))
    try:
        server.start("/healthz", None)
        for clients in (1, 8):
            runs = []
            for rep in range(args.write_reps):
                run_id = f"{int(time.time()) % 100000:05d}{rep}"
                runs.append(wrk_upserts(OURS_PORT, args.duration, clients, run_id, heaviest))
            best = sorted(runs, key=lambda r: r["rps"])[len(runs) // 2]
            failed = sum(r["non2xx"] + r["socket_errors"] for r in runs)
            results[f"clients_{clients}"] = {**best, "failed_all_runs": failed, "runs": runs}
            log(f"{label} upserts, {clients} client(s): {best['rps']:.0f} orders/s (median of {len(runs)}), "
                f"p50 {best['p50_ms']} ms, p99 {best['p99_ms']} ms, failed requests {failed}")
    finally:
        server.stop()
        remove_bench_orders(label, database_url)
    return results


def submit_to_completed(base_url, endpoint, bodies, headers, completed, parallel=50, timeout=30.0, poll=0.005):
    """For flows that finish in the background (return capture, cancel): POSTs every body in `bodies` to
    `endpoint` (a path, or a function of the body giving the path) with `parallel` requests in flight, then
    polls every `poll` seconds: `completed(answer_json)` returns the URL to GET (with the same headers) and a
    predicate on that answer (which may raise to fail the run), until the predicate holds. Returns p50/p99
    milliseconds from submit to COMPLETED. Used by bench/submit_to_completed.py, e.g. for cancel:

        completed = lambda answer: (f"/order_mgmt/ordermods/v1/jobs/{answer['id']}",
                                    lambda job: job["status"] == "COMPLETED")
    """
    from concurrent.futures import ThreadPoolExecutor

    def one(body):
        started = time.monotonic()
        path = endpoint(body) if callable(endpoint) else endpoint
        request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", **headers})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            answer = json.loads(response.read() or b"{}")
        path, done = completed(answer)
        while time.monotonic() - started < timeout:
            request = urllib.request.Request(base_url + path, headers=headers)
            with urllib.request.urlopen(request, timeout=timeout) as response:
                if done(json.loads(response.read())):
                    return time.monotonic() - started
            time.sleep(poll)
        return None

    with ThreadPoolExecutor(max_workers=parallel) as pool:
        seconds = list(pool.map(one, bodies))
    finished = sorted(s for s in seconds if s is not None)
    pick = lambda q: round(finished[min(len(finished) - 1, int(q * len(finished)))] * 1000, 1) if finished else None
    return {"submitted": len(bodies), "completed": len(finished), "p50_ms": pick(0.5), "p99_ms": pick(0.99)}


# ---------------------------------------------------------------- two processes on one PostgreSQL

def start_proxy(out, ports):
    """nginx as the small load-balancing proxy in front of `ports` (round robin, kept-alive upstream)."""
    servers = "".join(f"        server 127.0.0.1:{port};\n" for port in ports)
    conf = f"""worker_processes 1;
pid {out}/proxy.pid;
error_log {out}/proxy-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {out}/nginx-tmp;
    proxy_temp_path {out}/nginx-tmp;
    fastcgi_temp_path {out}/nginx-tmp;
    uwsgi_temp_path {out}/nginx-tmp;
    scgi_temp_path {out}/nginx-tmp;
    upstream orders {{
{servers}        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{PROXY_PORT};
        location / {{
            proxy_pass http://orders;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }}
    }}
}}
"""
    nginx_up(out, "proxy.conf", conf)


def stop_proxy(out):
    nginx_down(out, "proxy.conf")


def post_order(port, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/ops/v1/orders", data=json.dumps(body).encode(),
                                     method="POST", headers={"Content-Type": "application/json", "X-Ops-Key": OPS_KEY})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def visibility_order(number, upm_id, status):
    return {"orderNumber": number, "orderType": "SALES_ORDER", "country": "US", "currency": "USD", "upmId": upm_id,
            "orderDate": "2026-10-30T10:00:00Z", "shippingTotal": 0,
            "lines": [{"lineNumber": 1, "gtin": "00012345678905", "skuId": "SKU-1", "productId": "P1",
                       "styleColor": "AR2-001", "title": "Stride Runner 4", "category": "Shoes", "color": "Black",
                       "size": "10", "quantity": 1, "unitPrice": 120, "tax": 0, "status": status}]}


def bench_two_processes(database_url, detail, heaviest, args, out):
    """Two `orders` processes on one PostgreSQL behind nginx: combined throughput (order detail, cache on,
    against one process behind the same proxy, interleaved), and how long an ops write through one process
    takes to be seen through the other."""
    results = {}
    first = Server(database_url, out, "postgres-a", extra=("--ops-key", OPS_KEY))
    second = Server(database_url, out, "postgres-b", extra=("--ops-key", OPS_KEY), port=SECOND_PORT)
    targets = out / "targets-two-processes.tsv"
    targets.write_text("".join(f"{p}\t{token_for(u)}\n" for p, u in detail))
    try:
        first.start(detail[0][0], token_for(detail[0][1]))
        second.start(detail[0][0], token_for(detail[0][1]))
        one, two = [], []
        for _ in range(args.reps):
            start_proxy(out, [OURS_PORT])
            one.append(wrk(PROXY_PORT, targets, args.duration, args.connections)["rps"])
            stop_proxy(out)
            start_proxy(out, [OURS_PORT, SECOND_PORT])
            two.append(wrk(PROXY_PORT, targets, args.duration, args.connections)["rps"])
            stop_proxy(out)
        results["one_process_rps"] = statistics.median(one)
        results["two_processes_rps"] = statistics.median(two)
        log(f"postgres behind nginx: one process {results['one_process_rps']:.0f} rps, "
            f"two processes {results['two_processes_rps']:.0f} rps (order detail, cache on)")
        # Visibility: write through the first process, read through the second until the new status shows.
        token = token_for(heaviest)
        number = "V" + f"{int(time.time()) % 10**8:08d}"
        path = f"http://127.0.0.1:{SECOND_PORT}/orders/history/v1/{number}"
        delays = []
        statuses = ["created", "In Transit"]
        post_order(OURS_PORT, visibility_order(number, heaviest, statuses[0]))
        for attempt in range(args.visibility_writes):
            status = statuses[(attempt + 1) % 2]
            http_get(path, token)  # the second process now holds the old body in its cache
            started = time.monotonic()
            post_order(OURS_PORT, visibility_order(number, heaviest, status))
            while True:
                _, body = http_get(path, token)
                items = [i for g in json.loads(body)["groups"] for i in g["orderItems"]]
                if items[0]["lineItemStatus"]["status"] == status:
                    delays.append(time.monotonic() - started)
                    break
                if time.monotonic() - started > 10:
                    delays.append(None)
                    break
        seen = sorted(d for d in delays if d is not None)
        results["visibility"] = {"writes": len(delays), "seen_within_10s": len(seen),
                                 "p50_ms": round(seen[len(seen) // 2] * 1000, 2) if seen else None,
                                 "max_ms": round(seen[-1] * 1000, 2) if seen else None}
        log(f"write through one process seen through the other: {results['visibility']}")
        psql(database_url, f"DELETE FROM order_lines WHERE order_number = '{number}'")
        psql(database_url, f"DELETE FROM orders WHERE order_number = '{number}'")
    finally:
        stop_proxy(out)
        first.stop()
        second.stop()
    return results


def web_weight():
    result = subprocess.run(["node", "scripts/bundle-size.mjs"], cwd=ROOT / "web", text=True, capture_output=True)
    text = result.stdout
    initial = re.search(r"initial JS for /orders[^:]*: ([\d.]+) KB", text)
    chunks = {m.group(1): float(m.group(2)) for m in re.finditer(r"^\s+(\S+-page-\S+\.js)\s+[\d.]+ KB\s+\+([\d.]+) KB", text, re.M)}
    return {"initial_js_orders_kib_gzip": float(initial.group(1)) if initial else None,
            "lazy_route_chunks_kib_gzip": chunks, "report": text}


def machine():
    cpu = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
    memory = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True, capture_output=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, text=True, capture_output=True).stdout.strip()
    return {"cpu": cpu.group(1) if cpu else "unknown", "cores": os.cpu_count(),
            "memory_gib": round(int(memory.group(1)) / 1024 / 1024, 1) if memory else None,
            "commit": commit + ("-dirty" if dirty else ""),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def main():
    global BINARY, NGINX_OPEN_FILE_CACHE
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--members", type=int, default=10000)
    parser.add_argument("--orders", type=int, default=1000000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--duration", type=int, default=8, help="seconds per wrk run")
    parser.add_argument("--tail-duration", type=int, default=10, help="seconds per oha run")
    parser.add_argument("--tail-runs", type=int, default=3,
                        help="oha runs at 50%% of the maximum; the run with the median p99 is reported, every run kept")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--sample", type=int, default=3000,
                        help="orders of random members in the detail mix (one random order each; 3,000 bodies still fit "
                             "the default 16 MiB response cache)")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--postgres-admin-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--out", default=str(ROOT / "bench" / "out"))
    parser.add_argument("--write-reps", type=int, default=3, help="wrk runs per write scenario (median)")
    parser.add_argument("--visibility-writes", type=int, default=20, help="writes timed through the other process")
    parser.add_argument("--skip-reads", action="store_true", help="only the write and two-process benchmarks")
    parser.add_argument("--cached-only", action="store_true",
                        help="of the reads, only the cached scenarios against nginx (no tail, 512 connections or cache off)")
    parser.add_argument("--skip-writes", action="store_true")
    parser.add_argument("--skip-two-processes", action="store_true")
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "orders"), help="the orders binary to measure")
    parser.add_argument("--no-report", action="store_true", help="write the run's JSON only, not docs/performance.md")
    parser.add_argument("--report-with", nargs="*", default=[],
                        help="earlier run JSON files this run's figures are reported beside (e.g. a full read run)")
    parser.add_argument("--nginx-open-file-cache", action="store_true",
                        help="nginx keeps its files' descriptors open (open_file_cache): a stricter reference than the "
                             "default, which opens each file per request as every earlier run did")
    args = parser.parse_args()
    BINARY = Path(args.binary)
    NGINX_OPEN_FILE_CACHE = args.nginx_open_file_cache
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)

    report = {"machine": machine(), "parameters": vars(args), "seeding_seconds": {}, "ready_details_seconds": {},
              "backends": {}}
    sqlite_url, report["seeding_seconds"]["sqlite"] = prepare_sqlite(args, out)
    if "sqlite" in args.backends.split(","):
        report["ready_details_seconds"]["sqlite"] = ready_details(sqlite_url)
    detail, heaviest, heavy_orders, heavy_numbers = sample_targets(sqlite_url, args.sample, rng)
    report["heaviest_member_orders"] = heavy_orders
    for backend in args.backends.split(","):
        if backend == "sqlite":
            url = sqlite_url
        else:
            url, report["seeding_seconds"]["postgres"] = prepare_postgres(args)
            report["ready_details_seconds"]["postgres"] = ready_details(url)
        if not args.skip_reads:
            report["backends"][backend] = bench_backend(backend, url, detail, heaviest, heavy_numbers, args, out)
        if not args.skip_writes:
            report.setdefault("writes", {})[backend] = bench_writes(backend, url, heaviest, args, out)
        if backend == "postgres" and not args.skip_two_processes:
            report["two_processes"] = bench_two_processes(url, detail, heaviest, args, out)
    if "sqlite" in report["backends"] and "postgres" in report["backends"]:
        s, p = report["backends"]["sqlite"], report["backends"]["postgres"]
        report["postgres_vs_sqlite"] = {k: round(p[k]["ours_median_rps"] / s[k]["ours_median_rps"], 3)
                                        for k in ("order_detail", "history_page_1", "history_page_50")}
    report["web"] = web_weight()
    stamp = report["machine"]["date"].replace(":", "").replace("-", "")
    path = out / f"run-{stamp}.json"
    path.write_text(json.dumps(report, indent=2))
    log(f"wrote {path}")
    if args.cached_only and not args.no_report:
        # The report's tables need the whole read run (tail, 512 connections, the database path).
        log("a --cached-only run writes no report: its figures are in the JSON above")
    elif not args.no_report:
        subprocess.run([sys.executable, str(Path(__file__).parent / "report.py"), *args.report_with, str(path)], check=True)


if __name__ == "__main__":
    main()
