"""How soon a merchant's shop hears of a change (`just bench`, issue 37): a receiver on loopback
takes the webhook endpoint's URL, then parcels are created one at a time, a quarter of a second
apart (a quiet server: each event wakes an idle sender); for each, the time from the creation's
answer (its transaction committed before it) to the receiver's request carrying that parcel.
Prints one line: "p50 X ms, p90 Y ms, max Z ms (N events)".

Usage: webhook_latency.py BASE COOKIE XSRF HOOK_KEY [COUNT]
"""
import http.server
import json
import statistics
import sys
import threading
import time
import urllib.request

base, cookie, xsrf, hook = sys.argv[1:5]
count = int(sys.argv[5]) if len(sys.argv) > 5 else 40
arrived = {}
lock = threading.Lock()


class Hook(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        at = time.monotonic()
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        try:
            key = json.loads(body)["data"]["key"]
        except (ValueError, KeyError, TypeError):
            key = None
        with lock:
            if key and key not in arrived:
                arrived[key] = at
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
threading.Thread(target=server.serve_forever, daemon=True).start()


def call(method, path, payload):
    request = urllib.request.Request(
        base + path,
        data=json.dumps(payload).encode(),
        method=method,
        headers={
            "Cookie": cookie,
            "X-XSRF-TOKEN": xsrf,
            "Content-Type": "application/json",
        },
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


call("PUT", f"/api/webhooks/{hook}", {
    "url": f"http://127.0.0.1:{server.server_address[1]}/hook",
    "events": ["parcel.created"],
    "active": True,
})
answered = {}
parcel = {
    "recipient_name": "Client Bench", "recipient_phone": "0612345678", "city": "Casablanca",
    "address": "1 rue des Tests", "cod_amount": 15000, "product": "Article",
}
for _ in range(count):
    time.sleep(0.25)
    created = call("POST", "/api/parcels", parcel)
    answered[created["data"]["key"]] = time.monotonic()
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    with lock:
        if all(key in arrived for key in answered):
            break
    time.sleep(0.05)
with lock:
    waits = sorted(max(0.0, arrived[k] - at) * 1000 for k, at in answered.items() if k in arrived)
if not waits:
    print("no event arrived")
    sys.exit(1)
p90 = waits[min(len(waits) - 1, int(len(waits) * 0.9))]
print(f"p50 {statistics.median(waits):.1f} ms, p90 {p90:.1f} ms, max {waits[-1]:.1f} ms "
      f"({len(waits)} of {len(answered)} events)")
server.shutdown()
