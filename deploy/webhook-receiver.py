#!/usr/bin/env python3
"""A Standard Webhooks receiver for trying events out (docs/deploy.md): it verifies each delivery's
signature with the endpoint's secret and prints the event. Standard library only.

    WEBHOOK_SECRET=whsec_... python3 deploy/webhook-receiver.py [port]    (default 9000)

Register it first: POST /ops/v1/webhooks {"url": "http://<this host>:9000/", "events": ["*"]} answers the
secret. A delivery whose signature or timestamp (more than 5 minutes off) does not verify gets 400, so
the portal retries it; a verified one gets 204.
"""
import base64
import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ.get("WEBHOOK_SECRET", "")
KEY = base64.b64decode(SECRET.removeprefix("whsec_")) if SECRET else b""
TOLERANCE_SECONDS = 300


def verified(headers, body: bytes) -> bool:
    message_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    signatures = headers.get("webhook-signature", "").split()
    if not (KEY and message_id and timestamp.isdigit()):
        return False
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    signed = f"{message_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(KEY, signed, hashlib.sha256).digest()).decode()
    return any(
        version == "v1" and hmac.compare_digest(signature, expected)
        for version, _, signature in (entry.partition(",") for entry in signatures)
    )


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        if not verified(self.headers, body):
            self.send_response(400)
            self.end_headers()
            print("refused: the signature does not verify", flush=True)
            return
        event = json.loads(body)
        print(f"{event['timestamp']} {event['type']} {json.dumps(event['data'])}", flush=True)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    if not KEY:
        sys.exit("set WEBHOOK_SECRET to the secret POST /ops/v1/webhooks answered")
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 9000
    print(f"listening on :{port}", flush=True)
    HTTPServer(("0.0.0.0", port), Receiver).serve_forever()
