"""How soon an e-mail reaches the SMTP server, and how fast a backlog drains (`just bench`,
issue 41). A real SMTP server (scripts/mail-catcher.sh: aiosmtpd, one file per message) and
the real server (`colivra serve`) on a fresh SQLite database with seed-demo's accounts:

1. latency: the admin sends the demo merchant's « compte activé » e-mail again, 100 times, one at
   a time, a fifth of a second apart (a quiet server: each message wakes an idle sender); for
   each, from the resend's answer (its transaction committed) to the catcher's file.
2. drain: 1,000 resends written while the server runs without an SMTP server (they wait), then
   the server started again with one; from its first answer on /health to the 1,000th file.

Usage: message_bench.py COLIVRA_BIN [WORK_DIR]   (prints two result lines)
"""
import http.cookiejar
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

BIN = os.path.abspath(sys.argv[1])
WORK = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="colivra-message-bench-")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAIL_DIR = os.path.join(WORK, "mail")
os.makedirs(MAIL_DIR, exist_ok=True)
DATABASE = f"sqlite://{os.path.join(WORK, 'bench.db')}"
ADMIN = ("admin@colivra.ma", "Admin#Colivra2026")
MERCHANT_EMAIL = "client@colivra.ma"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


catcher = subprocess.Popen(
    ["bash", os.path.join(ROOT, "scripts", "mail-catcher.sh"), "--port", "0", "--dir", MAIL_DIR],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
)
ready = catcher.stdout.readline().split()
assert ready and ready[0] == "READY", f"the mail catcher did not start: {ready}"
SMTP_URL = f"smtp://127.0.0.1:{ready[1]}"

env = dict(os.environ, DATABASE_URL=DATABASE, RUST_LOG="warn")
subprocess.run([BIN, "seed-demo"], env=env, check=True, stdout=subprocess.DEVNULL)
PORT = free_port()
BASE = f"http://127.0.0.1:{PORT}"


def serve(with_smtp):
    server_env = dict(env, COLIVRA_ADDR=f"127.0.0.1:{PORT}", COLIVRA_PUBLIC_URL=BASE)
    if with_smtp:
        server_env.update(COLIVRA_SMTP_URL=SMTP_URL, COLIVRA_MAIL_FROM="Colivra <no-reply@colivra.test>")
    server = subprocess.Popen([BIN, "serve"], env=server_env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(BASE + "/health", timeout=2):
                return server, time.monotonic()
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not answer /health")


def session():
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(BASE + "/sanctum/csrf-cookie")

    def call(method, path, body=None):
        xsrf = next(c.value for c in jar if c.name == "XSRF-TOKEN")
        request = urllib.request.Request(
            BASE + path, method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-XSRF-TOKEN": urllib.request.unquote(xsrf),
                     "Accept": "application/json"},
        )
        with opener.open(request, timeout=30) as response:
            text = response.read()
            return json.loads(text) if text else None

    call("POST", "/api/login", {"email": ADMIN[0], "password": ADMIN[1]})
    return call


def files():
    return sum(1 for name in os.listdir(MAIL_DIR) if name.endswith(".json"))


def wait_files(count, timeout):
    deadline = time.monotonic() + timeout
    while files() < count:
        if time.monotonic() > deadline:
            raise SystemExit(f"only {files()} of {count} messages arrived in {timeout} s")
        time.sleep(0.002)
    return time.monotonic()


# 1. Latency.
server, _ = serve(with_smtp=True)
call = session()
merchant = next(m for m in call("GET", "/api/clients?status=all&q=client%40colivra.ma")["data"])
call("PUT", f"/api/clients/{merchant['key']}", {"active": False})
call("PUT", f"/api/clients/{merchant['key']}", {"active": True})
wait_files(1, 15)
original = next(m for m in call("GET", "/api/messages?kind=account_activated")["data"])["key"]
latencies = []
for _ in range(100):
    before = files()
    call("POST", f"/api/messages/{original}/resend", {})
    answered = time.monotonic()
    latencies.append((wait_files(before + 1, 15) - answered) * 1000)
    time.sleep(0.2)
latencies.sort()
p95 = latencies[94]
print(f"latency: p50 {statistics.median(latencies):.0f} ms, p95 {p95:.0f} ms, max {latencies[-1]:.0f} ms "
      f"(100 e-mails, target p95 < 2000 ms)")
server.terminate()
server.wait()

# 2. Drain.
server, _ = serve(with_smtp=False)
call = session()
for _ in range(1000):
    call("POST", f"/api/messages/{original}/resend", {})
server.terminate()
server.wait()
before = files()
server, started = serve(with_smtp=True)
done = wait_files(before + 1000, 120)
print(f"drain: 1,000 queued e-mails delivered in {done - started:.1f} s (target < 30 s)")
server.terminate()
server.wait()
catcher.stdin.close()
catcher.terminate()
