#!/usr/bin/env python3
"""A real SMTP server for the tests: aiosmtpd on loopback, keeping every message it receives.

    scripts/mail-catcher.sh --port 0 --dir DIR [--host 127.0.0.1] [--exit-with-parent]

(run through scripts/mail-catcher.sh, which makes the pinned virtual environment first).

Plain SMTP (no STARTTLS) with 8BITMIME and SMTPUTF8, any sender, any recipient. AUTH PLAIN and
LOGIN are offered and any user name and password is taken (a sender configured with credentials
works as against a provider; the name used is kept). For each message, in DIR:

    <seq>-<random>.eml    the message's bytes as received
    <seq>-<random>.json   mail_from, rcpt_tos, headers (lower-cased name -> decoded values),
                          subject, text, html (decoded bodies, "\\n" line ends, or null),
                          attachments [{filename, content_type, size}], received_at (ISO 8601,
                          UTC), auth_user (the AUTH name, or null)

<seq> is a six-digit number counting on from the highest already in DIR, so names sort oldest
first. Both files are written under a temporary name (starting with ".") and renamed into place,
the .eml first: a reader that lists *.json sees only whole messages whose .eml exists.

Once listening it prints one line, `READY <port>`, on standard output. It stops cleanly on
SIGTERM and SIGINT; with --exit-with-parent also when its standard input reaches end of file
(the program that started it closed the pipe, or ended) or when its parent process ends.
"""

import argparse
import json
import logging
import os
import re
import secrets
import signal
import socket
import sys
import threading
import time
from datetime import datetime, timezone
from email import policy
from email.parser import BytesParser
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

NAME = re.compile(r"^(\d+)-[0-9a-f]+\.(eml|json)$")


class SocketController(Controller):
    """aiosmtpd's Controller serving a socket bound beforehand: --port 0 takes a free port with
    no window for another program to take it, and the Controller's readiness probe connects to
    the port really bound (given port 0 it would probe port 0). Overrides `_create_server`,
    which aiosmtpd 1.4 (pinned by mail-catcher.sh) calls once from its thread."""

    def __init__(self, handler, sock, **kwargs):
        host, port = sock.getsockname()[:2]
        super().__init__(handler, hostname=host, port=port, **kwargs)
        self._sock = sock

    def _create_server(self):
        return self.loop.create_server(
            self._factory_invoker, sock=self._sock, ssl=self.ssl_context
        )


def any_credentials(server, session, envelope, mechanism, auth_data):
    return AuthResult(success=True, handled=False, auth_data=auth_data)


def decoded_text(part):
    """A text part's content as a string with "\\n" line ends."""
    try:
        content = part.get_content()
    except Exception:  # an unknown charset or a broken transfer encoding: keep what can be read
        content = (part.get_payload(decode=True) or b"").decode("utf-8", "replace")
    if isinstance(content, bytes):
        content = content.decode("utf-8", "replace")
    return content.replace("\r\n", "\n").replace("\r", "\n")


def describe(raw, envelope, session):
    message = BytesParser(policy=policy.default).parsebytes(raw)
    headers = {}
    for name, value in message.raw_items():
        try:
            text = str(message.policy.header_fetch_parse(name, value))
        except Exception:
            text = str(value)
        headers.setdefault(name.lower(), []).append(text)
    bodies = {}
    for subtype in ("plain", "html"):
        try:
            bodies[subtype] = message.get_body(preferencelist=(subtype,))
        except Exception:
            bodies[subtype] = None
    attachments = []
    for part in message.walk():
        if part.is_multipart() or any(part is body for body in bodies.values()):
            continue
        filename = part.get_filename()
        if part.is_attachment() or filename is not None or part.get_content_maintype() != "text":
            try:
                size = len(part.get_payload(decode=True) or b"")
            except Exception:
                size = 0
            attachments.append(
                {"filename": filename, "content_type": part.get_content_type(), "size": size}
            )
    auth_data = getattr(session, "auth_data", None)
    auth_user = getattr(auth_data, "login", None)
    if isinstance(auth_user, bytes):
        auth_user = auth_user.decode("utf-8", "replace")
    return {
        "mail_from": envelope.mail_from or "",
        "rcpt_tos": list(envelope.rcpt_tos),
        "headers": headers,
        "subject": headers.get("subject", [""])[0],
        "text": decoded_text(bodies["plain"]) if bodies["plain"] is not None else None,
        "html": decoded_text(bodies["html"]) if bodies["html"] is not None else None,
        "attachments": attachments,
        "received_at": datetime.now(timezone.utc).isoformat(),
        "auth_user": auth_user,
    }


def write_atomically(path, data):
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


class Keeper:
    """aiosmtpd's handler: every message into the folder."""

    def __init__(self, directory):
        self.directory = directory
        self.lock = threading.Lock()
        numbers = [int(m.group(1)) for m in map(NAME.match, os.listdir(directory)) if m]
        self.sequence = max(numbers, default=0)

    async def handle_DATA(self, server, session, envelope):
        try:
            raw = envelope.original_content or b""
            summary = describe(raw, envelope, session)
            with self.lock:
                self.sequence += 1
                stem = f"{self.sequence:06d}-{secrets.token_hex(4)}"
            write_atomically(self.directory / f"{stem}.eml", raw)
            write_atomically(
                self.directory / f"{stem}.json",
                json.dumps(summary, ensure_ascii=False, indent=1).encode("utf-8"),
            )
        except Exception as error:  # the sender sees a temporary failure, and this its reason
            print(f"mail_catcher: could not keep a message: {error!r}", file=sys.stderr, flush=True)
            return "451 4.3.0 The message could not be kept"
        print(
            f"mail_catcher: {stem} from {summary['mail_from']} to {', '.join(summary['rcpt_tos'])}",
            file=sys.stderr,
            flush=True,
        )
        return "250 2.0.0 Message kept"


def watch_parent():
    """Ends the process when the one that started it stops: its standard input (a pipe that
    program holds) reaches end of file, or the parent process changes (it ended)."""
    parent = os.getppid()

    def stdin_closed():
        try:
            while sys.stdin.buffer.read1(65536):
                pass
        except Exception:
            pass
        os._exit(0)

    def parent_gone():
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=stdin_closed, daemon=True).start()
    threading.Thread(target=parent_gone, daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description="A local SMTP server keeping every message.")
    parser.add_argument("--port", type=int, default=0, help="0 (default): a free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", required=True, type=Path, help="where the messages go")
    parser.add_argument(
        "--exit-with-parent",
        action="store_true",
        help="also exit when standard input reaches end of file or the parent process ends",
    )
    args = parser.parse_args()

    # aiosmtpd logs each AUTH's deprecated login_data as a warning, and every connection at
    # info: only its errors are worth a line here.
    logging.basicConfig(level=logging.ERROR, stream=sys.stderr)

    directory = args.dir.resolve()
    directory.mkdir(parents=True, exist_ok=True)
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.host, args.port))
    sock.listen(128)
    sock.setblocking(False)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if args.exit_with_parent:
        watch_parent()

    controller = SocketController(
        Keeper(directory),
        sock,
        enable_SMTPUTF8=True,
        decode_data=False,
        auth_require_tls=False,
        authenticator=any_credentials,
        server_hostname="mail-catcher.colivra.test",
        ready_timeout=30,
    )
    controller.start()
    print(f"READY {sock.getsockname()[1]}", flush=True)
    try:
        while not stop.wait(3600):
            pass
    finally:
        controller.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
