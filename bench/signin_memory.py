#!/usr/bin/env python3
"""Sign-in memory (issue 7, defect 1): resident memory of the release binary around bursts of sign-ins
with unknown e-mails (each one runs Argon2 with its 19 MiB work area).

  python3 bench/signin_memory.py [target/release/orders] [DATABASE_URL]

Prints RSS before, after 12 rounds of 20 simultaneous sign-ins, and the peak (VmHWM) during 100 at once.
Targets: at most 64 MiB after the rounds, never above 256 MiB with 100 at once.

The binary starts as an operator would start it: an empty environment (PATH only), so no allocator
tuning from outside (issue 33: the binary sets its allocator options itself); MIMALLOC_* variables of the
caller's environment are passed on, to compare (MIMALLOC_ARENA_EAGER_COMMIT=0 ...). DATABASE_URL: a
PostgreSQL database to use instead of a new SQLite file."""
import concurrent.futures, json, os, socket, subprocess, sys, tempfile, time, urllib.request

binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/orders"
work = tempfile.mkdtemp()
with socket.socket() as s:
    s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
database = sys.argv[2] if len(sys.argv) > 2 else os.path.join(work, "m.db")
server = subprocess.Popen([binary, "--database-url", database, "--addr", f"127.0.0.1:{port}",
                           "--no-demo-data", "--guest-lookups-per-client", "1000000"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **{key: value for key, value in os.environ.items() if key.startswith("MIMALLOC_")}})
base = f"http://127.0.0.1:{port}"

def status(field):
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith(field):
            return int(line.split()[1]) / 1024  # MiB
    return 0.0

def sign_in(n):
    body = json.dumps({"email": f"nobody{n}@example.com", "password": "x" * 12}).encode()
    request = urllib.request.Request(base + "/auth/v1/token", body, {"content-type": "application/json"})
    try:
        urllib.request.urlopen(request, timeout=60)
    except Exception as error:  # 401 (unknown e-mail) or 503 (queue full) are expected answers
        return getattr(error, "code", 0)
    return 200

try:
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1); break
        except Exception:
            time.sleep(0.1)
    before = status("VmRSS:")
    codes = {}
    with concurrent.futures.ThreadPoolExecutor(100) as pool:
        for round_ in range(12):
            for code in pool.map(sign_in, range(round_ * 20, round_ * 20 + 20)):
                codes[code] = codes.get(code, 0) + 1
        time.sleep(1)
        after_rounds = status("VmRSS:")
        burst = list(pool.map(sign_in, range(1000, 1100)))
    peak = status("VmHWM:")
    time.sleep(1)
    after_burst = status("VmRSS:")
    print(f"RSS before {before:.1f} MiB; after 12 rounds of 20 sign-ins {after_rounds:.1f} MiB (answers {codes}); "
          f"100 at once: peak {peak:.1f} MiB, after {after_burst:.1f} MiB "
          f"(answers {dict((c, burst.count(c)) for c in set(burst))})")
finally:
    server.kill(); server.wait()
