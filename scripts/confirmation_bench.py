"""The confirmation agents' « next parcel » under load (`just bench`, issue 40): a merchant is put
on the confirmation service and creates PARCELS orders; AGENTS admin staff members (holding
`confirmations` only) then work the queue at once for SECONDS, each in a loop: `POST
confirmations/next` (timed), then `PUT confirmations/{parcel}` « no answer », called again in a
week (so the parcel leaves the callable queue, as a real call does). Prints one line:
"next: p50 X ms, p99 Y ms, N calls, R/s, D duplicates" (duplicates: a parcel given to two agents
at once, which must be 0) and exits 1 when a request fails.

Usage: confirmation_bench.py BASE ADMIN_EMAIL MERCHANT_EMAIL PASSWORD [AGENTS] [PARCELS] [SECONDS]

What it adds (agents named agent-N-<run>@bench.colivra.ma, the orders, their calls) is removed
by the bench's clean-up with the rest of a run's writes.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse
from datetime import datetime, timedelta, timezone

base, admin_email, merchant_email, password = sys.argv[1:5]
agents_wanted = int(sys.argv[5]) if len(sys.argv) > 5 else 8
parcels_wanted = int(sys.argv[6]) if len(sys.argv) > 6 else 2000
seconds = float(sys.argv[7]) if len(sys.argv) > 7 else 10.0
url = urllib.parse.urlparse(base)


class Client:
    """One kept-alive connection with its session cookies and CSRF header, as a browser tab."""

    def __init__(self):
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        self.cookies = {}

    def request(self, method, path, body=None):
        headers = {"Accept": "application/json"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if "XSRF-TOKEN" in self.cookies:
            headers["X-XSRF-TOKEN"] = urllib.parse.unquote(self.cookies["XSRF-TOKEN"])
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed a kept-alive connection left idle: a browser opens another.
            self.conn.close()
            self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
        payload = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _, val = pair.partition("=")
                self.cookies[key.strip()] = val.strip()
        return response.status, (json.loads(payload) if payload else None)

    def sign_in(self, email):
        self.request("GET", "/sanctum/csrf-cookie")
        status, _ = self.request("POST", "/api/login", {"email": email, "password": password, "remember": False})
        if status != 200:
            raise SystemExit(f"sign-in of {email}: {status}")


def must(status, body, *expected):
    if status not in expected:
        raise SystemExit(f"unexpected {status}: {json.dumps(body)[:300]}")
    return body


admin = Client()
admin.sign_in(admin_email)
merchant = Client()
merchant.sign_in(merchant_email)
me = must(*merchant.request("GET", "/api/user"), 200)
merchant_key = me["user_data"]["key"]
must(*admin.request("PUT", f"/api/clients/{merchant_key}", {"confirmation_required": True}), 200)

# The orders, from a few connections at once (creation is not what is measured here).
created = []
lock = threading.Lock()


def create(count):
    client = Client()
    client.sign_in(merchant_email)
    for n in range(count):
        body = {"recipient_name": "Client Bench", "recipient_phone": f"06{n % 90000000 + 10000000:08d}",
                "city": "Casablanca", "address": "1 rue des Tests", "cod_amount": 15000, "product": "Article"}
        data = must(*client.request("POST", "/api/parcels", body), 201)
        with lock:
            created.append(data["data"]["key"])


# PARCELS 0: the orders already waiting are worked (a second run on the same database).
threads = [threading.Thread(target=create, args=(parcels_wanted // 4,)) for _ in range(4 if parcels_wanted else 0)]
for t in threads:
    t.start()
for t in threads:
    t.join()
# Off the service again: the merchant's later parcels in the bench are new as before.
must(*admin.request("PUT", f"/api/clients/{merchant_key}", {"confirmation_required": False}), 200)

run = int(time.time())
agents = []
for n in range(agents_wanted):
    email = f"agent-{n}-{run}@bench.colivra.ma"
    must(*admin.request("POST", "/api/admins", {"email": email, "password": password, "first_name": "Agent",
                                                 "last_name": str(n), "permissions": ["confirmations"]}), 201)
    client = Client()
    client.sign_in(email)
    agents.append(client)

latencies = []
given = []
failures = []
barrier = threading.Barrier(agents_wanted)
retry_at = (datetime.now(timezone.utc) + timedelta(days=7)).isoformat(timespec="seconds")


def work(client):
    mine, taken = [], []
    barrier.wait()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        status, body = client.request("POST", "/api/confirmations/next", {})
        mine.append((time.perf_counter() - started) * 1000)
        if status == 204:
            break
        if status != 200:
            failures.append(f"next {status}")
            break
        key = body["data"]["parcel"]["key"]
        taken.append(key)
        status, body = client.request("PUT", f"/api/confirmations/{key}", {"outcome": "no_answer", "retry_at": retry_at})
        if status != 200:
            failures.append(f"decide {status}: {json.dumps(body)[:200]}")
            break
    with lock:
        latencies.extend(mine)
        given.extend(taken)


started = time.monotonic()
threads = [threading.Thread(target=work, args=(c,)) for c in agents]
for t in threads:
    t.start()
for t in threads:
    t.join()
elapsed = time.monotonic() - started
latencies.sort()


def pct(p):
    return latencies[min(len(latencies) - 1, int(len(latencies) * p / 100))] if latencies else float("nan")


duplicates = len(given) - len(set(given))
print(f"next: p50 {pct(50):.2f} ms, p99 {pct(99):.2f} ms, {len(latencies)} calls, "
      f"{len(latencies) / elapsed:.0f}/s, {duplicates} duplicates ({agents_wanted} agents, {len(created)} orders)")
if failures or duplicates:
    print("failures: " + "; ".join(failures[:5]), file=sys.stderr)
    sys.exit(1)
