#!/usr/bin/env python3
"""Submit-to-COMPLETED latency of the flows that finish in the background: return capture and cancel.

Starts the release binary (its default job workers and database connections) on a new database (a
temporary SQLite file, or a new PostgreSQL database next to --postgres-admin-url), creates one member and
250 orders per flow through the ops API (returns: delivered 5 days ago; cancel: placed a minute ago, lines
`created`, inside the 30-minute window), then measures 200 submits in a row and 50 in parallel: POST, then
poll the job every 20 ms (as the web app does) until COMPLETED. Any other final status fails the run.

    bench/submit_to_completed.py                                  # SQLite
    bench/submit_to_completed.py --postgres-admin-url postgres://postgres@127.0.0.1:5432/postgres
"""
import argparse, datetime, json, os, subprocess, sys, tempfile, time, urllib.error, urllib.request, uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench import BINARY, OPS_KEY, TOKEN_KEY, psql, submit_to_completed, token_for  # noqa: E402

PORT = 18430
FLOWS = ("return", "cancel")


def iso(at):
    return at.astimezone(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def order(number, upm_id, placed, status):
    """The order of the API tests' `helpers::order`, with every line at `status`."""
    return {
        "orderNumber": number, "orderType": "SALES_ORDER", "orderClassification": "CONSUMER", "country": "US",
        "currency": "USD", "upmId": upm_id, "email": "bench.shopper@example.com",
        "phone": {"countryCode": "1", "subscriberNumber": "5035550100"}, "orderDate": iso(placed),
        "shippingTotal": 0, "dayPhoneNumber": "+15035550100",
        "shippingAddress": ["Alex Shopper", "1 Main St", "Springfield"],
        "payments": [{"paymentType": "credit_card", "paymentDisplayNumber": "4111111111111111"}],
        "lines": [
            {"lineNumber": 1, "gtin": "00012345678905", "skuId": "SKU-1", "productId": "P1", "styleColor": "AR2-001",
             "title": "Stride Runner 4", "category": "Men's Road Running Shoes", "color": "Black/White", "size": "10",
             "imageUrl": "/images/products/AR2-001.svg", "quantity": 1, "unitPrice": 120, "tax": 0, "status": status},
            {"lineNumber": 2, "gtin": "00012345678912", "skuId": "SKU-2", "productId": "P2", "styleColor": "DTT-001",
             "title": "Dri-Tech Training Tee", "category": "Training Top", "color": "Navy", "size": "M",
             "quantity": 2, "unitPrice": 25, "tax": 0, "status": status},
        ],
    }


def call(base, method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def job_done(path):
    """The poll of one job: True once COMPLETED; any other final status is a failure."""
    def done(job):
        if job["status"] == "COMPLETED":
            return True
        if job["status"] not in ("PENDING", "IN_PROGRESS"):
            raise RuntimeError(f"{path}: {job}")
        return False
    return path, done


def measure(base, token, flow, numbers, options):
    """p50/p99 of `numbers` submitted 200 in a row and then 50 at once (the rest)."""
    auth = {"Authorization": f"Bearer {token}"}
    if flow == "return":
        code = options["orderLines"][0]["universalProductCode"]
        endpoint = "/order_mgmt/user_return_captures/v1"
        bodies = [{"orderNumber": n, "orderLines": [{"universalProductCode": code, "quantity": 1, "reasonCode": "1"}],
                   "methodId": "upsDropoff|ups", "locale": "en-GB", "captureSystem": "nike.digital.web"}
                  for n in numbers]
        completed = lambda answer: job_done(f"/order_mgmt/user_return_captures_jobs/v1/{answer['jobId']}")
    else:
        endpoint = lambda body: f"/order_mgmt/ordermods/v1/{body['request']['omsOrderDocumentReference']}/cancelOrder"
        bodies = [{"request": {"omsOrderDocumentReference": n, "omsRegionReference": "NIKEUS",
                               "dayPhoneNumber": "5035550100", "reasonCode": 216, "reasonText": "Front end cancellation",
                               "email": "bench.shopper@example.com"}, "sourceOfRequest": "web"} for n in numbers]
        completed = lambda answer: job_done(f"/order_mgmt/ordermods/v1/jobs/{answer['id']}")
    serial = submit_to_completed(base, endpoint, bodies[:200], auth, completed, parallel=1, poll=0.02)
    parallel = submit_to_completed(base, endpoint, bodies[200:], auth, completed, parallel=50, poll=0.02)
    return {"in_a_row": serial, "in_parallel": parallel}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--postgres-admin-url", help="measure on PostgreSQL (a new database beside this one)")
    parser.add_argument("--binary", default=str(BINARY))
    parser.add_argument("--flows", default=",".join(FLOWS))
    args = parser.parse_args()
    temp = tempfile.mkdtemp(prefix="orders-s2c-")
    if args.postgres_admin_url:
        name = f"orders_s2c_{uuid.uuid4().hex[:12]}"
        psql(args.postgres_admin_url, f'CREATE DATABASE "{name}"')
        database_url, backend = args.postgres_admin_url.rsplit("/", 1)[0] + "/" + name, "postgres"
    else:
        database_url, backend = os.path.join(temp, "orders.db"), "sqlite"
    log = open(os.path.join(temp, "server.log"), "w")
    server = subprocess.Popen([args.binary, "serve", "--addr", f"127.0.0.1:{PORT}", "--database-url", database_url,
                               "--ops-key", OPS_KEY, "--token-key", TOKEN_KEY, "--no-demo-data"],
                              stdout=log, stderr=log, env={**os.environ, "ORDERS_LOG": "warn"})
    base, ops = f"http://127.0.0.1:{PORT}", {"X-Ops-Key": OPS_KEY}
    results = {"backend": backend, "commit": subprocess.run(["git", "describe", "--always", "--dirty"], text=True,
                                                            capture_output=True).stdout.strip()}
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        status, member = call(base, "POST", "/ops/v1/members", {"email": "bench.s2c@example.com", "password":
                              "correct horse battery", "firstName": "Bench", "lastName": "Shopper", "country": "US"}, ops)
        assert status == 201, member
        upm_id = member["upmId"]
        token = token_for(upm_id)
        now = datetime.datetime.now(datetime.timezone.utc)
        for flow in args.flows.split(","):
            prefix, placed, status_text = (("R8", now - datetime.timedelta(days=5), "Delivered") if flow == "return"
                                           else ("K8", now - datetime.timedelta(minutes=1), "created"))
            numbers = [f"{prefix}{n:06}" for n in range(250)]
            for number in numbers:
                status, answer = call(base, "POST", "/ops/v1/orders", order(number, upm_id, placed, status_text), ops)
                assert status in (200, 201), answer
            options = None
            if flow == "return":
                status, options = call(base, "GET", f"/order_mgmt/return_options/v1/{numbers[0]}",
                                       headers={"Authorization": f"Bearer {token}"})
                assert status == 200, options
            results[flow] = measure(base, token, flow, numbers, options)
            print(f"[s2c] {backend} {flow}: {json.dumps(results[flow])}", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=60)
        if args.postgres_admin_url:
            psql(args.postgres_admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    out = Path(__file__).parent / "out"
    out.mkdir(exist_ok=True)
    (out / f"submit-to-completed-{backend}.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
