#!/usr/bin/env python3
"""Lighthouse (mobile, performance) on the pages a shopper opens, signed in (issue 33).

  python3 bench/lighthouse.py [target/release/orders] [--lighthouse PATH] [--runs 3]

Starts the binary on a new SQLite database with demo data, signs the demo shopper in (the session cookie
the web app uses), and runs Lighthouse's default mobile profile (simulated slow 4G and a 4x slower CPU)
on the public guest lookup, the signed-in history, an order detail and the return wizard, `--runs` times
each; prints the median performance score and LCP per page. Lighthouse itself is not a dependency of the
product: install it once with `npm install --prefix /tmp/lh lighthouse@12` (the default PATH below) and it
drives Debian's chromium (CHROME_PATH, default /usr/bin/chromium)."""
import argparse, http.client, json, os, socket, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("binary", nargs="?", default="target/release/orders")
parser.add_argument("--lighthouse", default="/tmp/lh/node_modules/.bin/lighthouse")
parser.add_argument("--runs", type=int, default=3)
parser.add_argument("--keep", help="a folder to keep each run's Lighthouse JSON in (the waterfall, LCP's phases)")
parser.add_argument("--pages", help="only the pages whose names contain one of these words (comma-separated)")
args = parser.parse_args()

work = tempfile.mkdtemp()
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([args.binary, "--database-url", os.path.join(work, "lh.db"), "--addr", f"127.0.0.1:{port}",
                           "--insecure-cookies"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")})


def request(method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, json.dumps(body) if body is not None else None,
                       {"content-type": "application/json", **(headers or {})})
    answer = connection.getresponse()
    return answer.status, answer.getheaders(), answer.read()


try:
    for _ in range(600):
        try:
            if request("GET", "/healthz")[0] == 200:
                break
        except OSError:
            time.sleep(0.1)
    status, headers, _ = request("POST", "/auth/v1/session", {"email": "shopper@example.com", "password": "orders-demo"})
    assert status in (200, 201, 204), status
    cookie = "; ".join(value.split(";")[0] for name, value in headers if name.lower() == "set-cookie")
    _, _, body = request("GET", "/orders/history/v1?country=US&language=en&sort=orderSubmitDateDesc"
                         "&filter=orderType(SALES_ORDER)", headers={"cookie": cookie})
    number = json.loads(body)["orderItems"][0]["orderNumber"]
    base = f"http://127.0.0.1:{port}"
    pages = {
        "guest lookup (public)": (f"{base}/orders/details", False),
        "history (signed in)": (f"{base}/orders", True),
        "order detail (signed in)": (f"{base}/orders/sales/{number}", True),
        "return wizard (signed in)": (f"{base}/orders/return-items/C9RM00000001", True),
    }
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    results = {}
    if args.pages:
        pages = {name: page for name, page in pages.items() if any(word in name for word in args.pages.split(","))}
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    for name, (url, signed_in) in pages.items():
        scores, lcps = [], []
        for run in range(args.runs):
            out = os.path.join(args.keep or work, f"{name.split(' (')[0].replace(' ', '-')}-{run + 1}.json")
            command = [args.lighthouse, url, "--only-categories=performance", "--output=json", f"--output-path={out}",
                       "--quiet", "--chrome-flags=--headless=new --no-sandbox"]
            if signed_in:
                command.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            report = json.load(open(out))
            scores.append(round(report["categories"]["performance"]["score"] * 100))
            lcps.append(report["audits"]["largest-contentful-paint"]["numericValue"] / 1000)
        results[name] = {"score": statistics.median(scores), "lcp_s": round(statistics.median(lcps), 2),
                         "scores": scores, "lcps_s": [round(value, 2) for value in lcps]}
        print(f"{name}: performance {results[name]['score']}, LCP {results[name]['lcp_s']} s "
              f"(runs: {scores}, {results[name]['lcps_s']})", flush=True)
    print(json.dumps(results))
finally:
    server.terminate()
    server.wait(timeout=30)
