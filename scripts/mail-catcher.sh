#!/usr/bin/env bash
# A real SMTP server on loopback that keeps every message it receives as files (the e-mail
# tests' server: crates/gateway/tests/api/support/mail.rs starts it; scripts/mail_catcher.py
# says what it writes):
#
#   scripts/mail-catcher.sh --port 0 --dir DIR [--exit-with-parent]   prints `READY <port>`, serves
#   scripts/mail-catcher.sh --prepare                                 only makes the environment
#
# aiosmtpd runs in a virtual environment under the target folder, made once per pinned version
# (`just test` makes it while the Rust tests build). This script's own lines go to standard error:
# standard output carries only the server's READY line. Callable from any folder.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# aiosmtpd and what it needs, pinned (a new release changes nothing here by itself).
PINS="aiosmtpd==1.4.6 atpublic==9.0.0 attrs==26.1.0"
TARGET=$(cd "$ROOT" && realpath -m "${CARGO_TARGET_DIR:-target}")
VENV="$TARGET/mail-venv"
PY="$VENV/bin/python"

# What the environment holds, as "name==version …" in the order of PINS; nothing when it is not
# there or broken. (Read whole before it is compared: the schemathesis script's `pip show | grep -q`
# under pipefail failed whenever grep stopped reading first.)
installed() {
    "$PY" - $PINS 2>/dev/null <<'EOF' || true
import sys
from importlib.metadata import version, PackageNotFoundError
found = []
for pin in sys.argv[1:]:
    name = pin.split("==")[0]
    try:
        found.append(f"{name}=={version(name)}")
    except PackageNotFoundError:
        found.append(f"{name}==none")
print(" ".join(found))
EOF
}

if [ "$(installed)" != "$PINS" ]; then
    mkdir -p "$TARGET"
    # Two test programs (the SQLite and PostgreSQL passes) may start it at the same time: one
    # makes the environment while the other waits, then finds it made.
    exec 9>"$TARGET/mail-venv.lock"
    command -v flock >/dev/null && flock 9
    if [ "$(installed)" != "$PINS" ]; then
        echo "mail-catcher: making $VENV ($PINS)" >&2
        rm -rf "$VENV"
        python3 -m venv "$VENV" >&2
        "$PY" -m pip install --quiet --disable-pip-version-check --no-input $PINS >&2
        if [ "$(installed)" != "$PINS" ]; then
            echo "mail-catcher: $VENV holds $(installed), not $PINS" >&2
            exit 1
        fi
    fi
    exec 9>&-
fi
[ "${1:-}" = --prepare ] && exit 0

exec "$PY" "$ROOT/scripts/mail_catcher.py" "$@"
