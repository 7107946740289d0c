#!/usr/bin/env python3
"""Throughput of `orders import FILE` (issue 32; target: at least 5,000 orders a second on SQLite).

Generates N orders as NDJSON (one ops order body a line, two lines each, a third of them members' orders),
imports them into a new SQLite database, then imports the same file again (every line unchanged), and
prints both rates. Write the figures into docs/performance.md ("Orders in bulk").

    bench/import.py [--orders 50000] [--binary target/release/orders] [--database-url postgres://...]

The release binary is what the target is about (`cargo build --release -p server`); a debug build runs
several times slower (say which one you measured).
"""
import argparse, json, os, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def order(n):
    number = f"B{n:010d}"
    return {
        "orderNumber": number,
        "orderType": "SALES_ORDER",
        "orderClassification": "CONSUMER",
        "country": "US",
        "currency": "USD",
        "email": f"bulk.shopper{n % 997}@example.com",
        "phone": {"countryCode": "1", "subscriberNumber": f"503555{n % 10000:04d}"},
        "orderDate": f"2026-{1 + n % 11:02d}-{1 + n % 28:02d}T10:00:00Z",
        "shippingTotal": 7.5,
        "payments": [{"paymentType": "credit_card", "paymentDisplayNumber": "4111111111111111"}],
        "lines": [
            {"lineNumber": 1, "gtin": "00012345678905", "skuId": "SKU-1", "productId": "P1", "styleColor": "AR2-001",
             "title": "Stride Runner 4", "category": "Men's Road Running Shoes", "color": "Black/White", "size": "10",
             "imageUrl": "/images/products/AR2-001.svg", "quantity": 1, "unitPrice": 120, "tax": 9.6,
             "status": "In Transit", "shipmentNumber": f"S{n}", "trackingUrl": f"https://tracking.example.com/ups/1Z{n}",
             "estimatedDeliveryDate": "2026-11-05"},
            {"lineNumber": 2, "gtin": "00012345678912", "skuId": "SKU-2", "productId": "P2", "styleColor": "DTT-001",
             "title": "Dri-Tech Training Tee", "category": "Training Top", "color": "Navy", "size": "M",
             "quantity": 2, "unitPrice": "25.00", "tax": 4, "status": "created"},
        ],
    }


def run(binary, database_url, path):
    started = time.monotonic()
    done = subprocess.run([binary, "import", str(path), "--database-url", database_url],
                          env={**os.environ, "ORDERS_LOG": "warn"}, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"orders import failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return seconds, done.stdout.strip().splitlines()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--orders", type=int, default=50_000)
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "orders"))
    parser.add_argument("--database-url", help="default: a new SQLite file in a temporary folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "orders.ndjson"
        with path.open("w") as out:
            for n in range(args.orders):
                out.write(json.dumps(order(n), separators=(",", ":")) + "\n")
        database_url = args.database_url or str(Path(folder) / "orders.db")
        # Migrations first, so the timing is the import's alone.
        subprocess.run([args.binary, "migrate", "--database-url", database_url], check=True, capture_output=True)
        size = path.stat().st_size / 1e6
        print(f"{args.orders} orders, {size:.1f} MB of NDJSON, {args.binary}")
        for label in ("first import (all created)", "same file again (all unchanged)"):
            seconds, summary = run(args.binary, database_url, path)
            print(f"{label}: {seconds:.2f} s, {args.orders / seconds:,.0f} orders/s  [{summary}]")


if __name__ == "__main__":
    main()
