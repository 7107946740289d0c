#!/usr/bin/env python3
"""Checks that two builds answer byte-identically on a seeded database (response cache off on both): order
detail of many orders (with return orders and pickup stores among them) and the first 60 history pages
of the heaviest member and a few others. Only `age` (when the answer was made) may differ.

    bench/same_answers.py --old /tmp/orders-base --new target/release/orders --database-url bench/out/perf.db
"""
import argparse, json, re, sqlite3, sys, urllib.error
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench import HEAVIEST_EMAIL, http_get, start_uncached, token_for  # noqa: E402

AGE = re.compile(rb'"age":"[^"]*"')


def get(port, path, token):
    try:
        status, body = http_get(f"http://127.0.0.1:{port}{path}", token)
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    return status, AGE.sub(b'"age":""', body)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--sample-db", help="SQLite file the URLs are drawn from (default: --database-url)")
    args = parser.parse_args()
    db = sqlite3.connect(args.sample_db or args.database_url)
    orders = db.execute(
        "SELECT order_number, upm_id FROM orders WHERE upm_id IS NOT NULL AND order_number IN ("
        " SELECT parent_sales_order_number FROM orders WHERE order_type = 'RETURN_ORDER' LIMIT 150)").fetchall()
    orders += db.execute("SELECT order_number, upm_id FROM orders WHERE upm_id IS NOT NULL AND pickup_store_id IS NOT NULL "
                         "LIMIT 50").fetchall()
    orders += db.execute("SELECT order_number, upm_id FROM orders WHERE upm_id IS NOT NULL "
                         "ORDER BY order_number LIMIT 200").fetchall()
    # Orders spread over the whole table (most of them settled: answered from ready details, ADR 0012).
    orders += db.execute("SELECT order_number, upm_id FROM orders WHERE upm_id IS NOT NULL AND rowid % 197 = 5 "
                         "LIMIT 1000").fetchall()
    members = [row[0] for row in db.execute("SELECT upm_id FROM members WHERE email = ?", (HEAVIEST_EMAIL,))]
    members += [row[0] for row in db.execute("SELECT DISTINCT upm_id FROM orders WHERE upm_id IS NOT NULL LIMIT 5")]
    old, new = start_uncached(args.old, 18420, args.database_url), start_uncached(args.new, 18421, args.database_url)
    checked = differ = 0
    try:
        requests = [(f"/orders/history/v1/{n}", token_for(u)) for n, u in orders]
        requests += [(f"/orders/history/v1/{orders[0][0]}", token_for(members[-1]))]  # someone else's: 404
        requests += [("/orders/history/v1/NOSUCH0001", token_for(members[0]))]
        for path, token in requests:
            a, b = get(18420, path, token), get(18421, path, token)
            checked += 1
            if a != b:
                differ += 1
                print(f"DIFFERS {path}: {a[0]} {len(a[1])} B / {b[0]} {len(b[1])} B")
        for member in members:
            token = token_for(member)
            for kind in ("SALES_ORDER", "PARTNER_SALES_ORDER"):
                path = f"/orders/history/v1?filter=orderType({kind})"
                for _ in range(60):
                    a, b = get(18420, path, token), get(18421, path, token)
                    checked += 1
                    if a != b:
                        differ += 1
                        print(f"DIFFERS {path}")
                    following = json.loads(a[1]).get("pages", {}).get("next") if a[0] == 200 else None
                    if not following:
                        break
                    path = f"/orders/history/v1?{following}"
    finally:
        old.terminate()
        new.terminate()
    print(f"[same-answers] {checked} requests, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
