#!/usr/bin/env bash
# `just schemathesis`: checks /api/openapi.json with openapi-spec-validator, then fuzzes the
# API with schemathesis as four callers: a merchant with a personal token, a delivery person
# and an admin with session cookies, and anonymous. Fails on any server error (5xx) and on any
# answer whose status, content type or body the document does not declare.
#
# The server is the debug build, on a free port, with a fresh database holding seed-demo's data
# moved along a little (scripts/schemathesis_fixtures.py), whose keys the fuzzer draws from.
# The database is SQLite, or, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database
# there (PostgreSQL refuses what SQLite accepts, NUL characters for one); both take about three
# minutes. Operations that would end the caller's own session or credentials are left out.
# `scripts/schemathesis.sh --prepare` only makes the virtual environment.
# Settings (environment): COLIVRA_BIN (the server; else a debug build), SCHEMATHESIS_BACKENDS ("sqlite postgres" for both),
# SCHEMATHESIS_MAX_EXAMPLES (per operation and phase, 15), SCHEMATHESIS_SEED (fixed, so a run is
# reproducible), SCHEMATHESIS_PHASES, SCHEMATHESIS_ALLOW_NUL (true).
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
VALIDATOR_VERSION=0.9.0
# anyio 4.16 imports its modules lazily by compiling their source, which CPython 3.11 refuses deep
# inside hypothesis's recursion ("AST constructor recursion depth mismatch": one operation of one
# run failed so, 2026-11-29); 4.14.2 has no lazy importer.
ANYIO_VERSION=4.14.2
TARGET=$(realpath -m "${CARGO_TARGET_DIR:-target}")
VENV="$TARGET/schemathesis-venv"
# schemathesis keeps the failures it found there and replays them first next time.
STATE="$TARGET/schemathesis-state"
mkdir -p "$STATE"
MAX_EXAMPLES=${SCHEMATHESIS_MAX_EXAMPLES:-15}
SEED=${SCHEMATHESIS_SEED:-20260}
PHASES=${SCHEMATHESIS_PHASES:-examples,coverage,fuzzing,stateful}
if [ -n "${TEST_DATABASE_URL:-}" ]; then
    BACKENDS=${SCHEMATHESIS_BACKENDS:-postgres}
else
    BACKENDS=${SCHEMATHESIS_BACKENDS:-sqlite}
fi
# NUL characters in strings (PostgreSQL refuses them in text): on unless told otherwise.
ALLOW_NUL=${SCHEMATHESIS_ALLOW_NUL:-true}
CHECKS=not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance

# The virtual environment, made once per pinned version.
# (Each answer read whole before it is searched: `pip show … | grep -q` under pipefail failed
# whenever grep stopped reading before pip finished writing, and the environment was made twice.)
installed() { # program arguments…: its output, or nothing
    "$@" 2>/dev/null || true
}
if ! grep -q "$SCHEMATHESIS_VERSION" <<<"$(installed "$VENV/bin/schemathesis" --version)" ||
    ! grep -q "^Version: $VALIDATOR_VERSION$" <<<"$(installed "$VENV/bin/pip" show openapi-spec-validator)" ||
    ! grep -q "^Version: $ANYIO_VERSION$" <<<"$(installed "$VENV/bin/pip" show anyio)"; then
    echo "schemathesis: making $VENV (schemathesis $SCHEMATHESIS_VERSION, openapi-spec-validator $VALIDATOR_VERSION)"
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
        "schemathesis==$SCHEMATHESIS_VERSION" "openapi-spec-validator==$VALIDATOR_VERSION" \
        "anyio==$ANYIO_VERSION"
fi
PY="$VENV/bin/python"
# `just test` makes the environment while the server builds, then fuzzes once it is built.
[ "${1:-}" = --prepare ] && exit 0

# COLIVRA_BIN: a server already built (`just test` passes the one its Rust tests were built with).
if [ -n "${COLIVRA_BIN:-}" ]; then
    BIN=$(realpath "$COLIVRA_BIN")
else
    cargo build -p colivra-cli
    BIN="$TARGET/debug/colivra"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/colivra-schemathesis-XXXXXX")
SERVER_PID=""
PG_DB=""
stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=""
}
drop_pg_db() {
    if [ -n "$PG_DB" ]; then
        psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null || true
        PG_DB=""
    fi
}
cleanup() {
    stop_server
    drop_pg_db
}
trap cleanup EXIT

free_port() {
    "$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

json_field() { # field < json
    "$PY" -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"
}

cookie() { # jar name: the cookie's value, URL-decoded
    "$PY" - "$1" "$2" <<'EOF'
import sys, urllib.parse
for line in open(sys.argv[1]):
    fields = line.rstrip("\n").split("\t")
    if len(fields) == 7 and fields[5] == sys.argv[2]:
        print(urllib.parse.unquote(fields[6]))
EOF
}

# Signs in; sets COOKIE_HEADER and XSRF for the session's calls.
sign_in() { # email password
    local jar="$WORK/jar-$1"
    rm -f "$jar"
    curl -sf -c "$jar" -b "$jar" "$BASE/sanctum/csrf-cookie" >/dev/null
    curl -sf -c "$jar" -b "$jar" -H "X-XSRF-TOKEN: $(cookie "$jar" XSRF-TOKEN)" \
        -H 'Content-Type: application/json' \
        -d "{\"email\":\"$1\",\"password\":\"$2\",\"remember\":true}" "$BASE/api/login" >/dev/null
    XSRF=$(cookie "$jar" XSRF-TOKEN)
    COOKIE_HEADER="colivra_session=$(cookie "$jar" colivra_session); XSRF-TOKEN=$XSRF"
}

SUMMARY="$WORK/summary.txt"
: > "$SUMMARY"

fuzz() { # backend caller [schemathesis options…]: prints its output when it ends
    local name="$1-$2"
    shift 2
    local started=$SECONDS
    local log="$WORK/$name.log"
    set +e
    (cd "$STATE" && "$VENV/bin/schemathesis" --config-file "$WORK/schemathesis.toml" \
        run "$WORK/openapi.json" --url "$BASE" \
        --checks "$CHECKS" --phases "$PHASES" --max-examples "$MAX_EXAMPLES" --seed "$SEED" \
        --workers 2 --generation-database none --no-color --output-truncate true \
        --generation-with-security-parameters false --generation-allow-x00 "$ALLOW_NUL" \
        --suppress-health-check all --request-timeout 30 \
        "$@") > "$log" 2>&1
    local status=$?
    set -e
    { echo "--- schemathesis: $name"; grep -v '^\s*$' "$log" | tail -n 400; } | cat
    local operations cases
    operations=$(grep -m1 -A1 "^API Operations:" "$log" | tail -n1 | sed -e 's/^\s*Selected: //')
    cases=$(grep -A1 "^Test cases:" "$log" | tail -n1 | sed -e 's/^\s*//')
    printf '%-24s %s  %4ss  operations %s  test cases: %s\n' "$name" \
        "$([ "$status" = 0 ] && echo ok || echo FAILED)" "$((SECONDS - started))" \
        "$operations" "$cases" >> "$SUMMARY"
    if [ "$status" != 0 ]; then
        touch "$WORK/failed"
    fi
}

# Operations that would end the fuzzing caller's own session or credentials.
OWN_CREDENTIALS=(
    --exclude-name-regex '^((GET|POST) /api/logout|PUT /api/users|DELETE /api/sessions.*|DELETE /api/tokens/\{key\})$'
)

for BACKEND in $BACKENDS; do
    case "$BACKEND" in
        sqlite) DATABASE="sqlite://$WORK/colivra.db" ;;
        postgres)
            if [ -z "${TEST_DATABASE_URL:-}" ]; then
                echo "schemathesis: TEST_DATABASE_URL is not set: no PostgreSQL run."
                continue
            fi
            PG_DB="colivra_schemathesis_$$"
            psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null
            psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE \"$PG_DB\"" >/dev/null
            DATABASE="${TEST_DATABASE_URL%/*}/$PG_DB"
            ;;
        *) echo "schemathesis: unknown backend $BACKEND" >&2; exit 2 ;;
    esac
    PORT=$(free_port)
    BASE="http://127.0.0.1:$PORT"
    mkdir -p "$WORK/static"
    echo '<!doctype html><title>Colivra</title>' > "$WORK/static/index.html"
    DATABASE_URL="$DATABASE" "$BIN" migrate run >/dev/null
    DATABASE_URL="$DATABASE" "$BIN" seed-demo >/dev/null
    DATABASE_URL="$DATABASE" COLIVRA_DATA_DIR="$WORK/data-$BACKEND" COLIVRA_ADDR="127.0.0.1:$PORT" COLIVRA_STATIC_DIR="$WORK/static" \
        RUST_LOG="${RUST_LOG:-warn}" "$BIN" serve >"$WORK/server-$BACKEND.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 150); do
        curl -sf "$BASE/health" >/dev/null 2>&1 && break
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server-$BACKEND.log"; exit 1; }
        sleep 0.2
    done
    curl -sf "$BASE/api/openapi.json" -o "$WORK/openapi.json"
    if [ "$BACKEND" = "$(echo "$BACKENDS" | awk '{print $1}')" ]; then
        echo "--- openapi-spec-validator"
        "$VENV/bin/openapi-spec-validator" "$WORK/openapi.json"
    fi

    # Identities first: the anonymous run's failed sign-ins would throttle this address.
    sign_in admin@colivra.ma 'Admin#Colivra2026'
    ADMIN_COOKIE=$COOKIE_HEADER ADMIN_XSRF=$XSRF
    sign_in livreur@colivra.ma 'Livreur#Colivra2026'
    DELIVERY_COOKIE=$COOKIE_HEADER DELIVERY_XSRF=$XSRF
    sign_in client@colivra.ma 'Client#Colivra2026'
    TOKEN=$(curl -sf -b "$WORK/jar-client@colivra.ma" -H "X-XSRF-TOKEN: $XSRF" \
        -H 'Content-Type: application/json' -d '{"name":"schemathesis","abilities":["read","write"]}' "$BASE/api/tokens" |
        json_field token)
    # Vouchers and invoices to look at, and the keys of what exists for the fuzzer to use.
    "$PY" scripts/schemathesis_fixtures.py "$BASE" "$ADMIN_COOKIE" "$ADMIN_XSRF" "$WORK/schemathesis.toml" "$TOKEN"

    # Two callers at a time (the server takes them side by side; each prints when it ends).
    # The admin last: his edits (a delivery person's or a merchant's password, deactivation)
    # may end the others' sessions and tokens. The anonymous caller's failed sign-ins come
    # after every sign-in.
    # (`wait` names the two: a bare `wait` would also wait for the server.)
    fuzz "$BACKEND" merchant-token -H "Authorization: Bearer $TOKEN" "${OWN_CREDENTIALS[@]}" &
    first=$!
    fuzz "$BACKEND" delivery -H "Cookie: $DELIVERY_COOKIE" -H "X-XSRF-TOKEN: $DELIVERY_XSRF" "${OWN_CREDENTIALS[@]}" &
    wait $first $!
    fuzz "$BACKEND" admin -H "Cookie: $ADMIN_COOKIE" -H "X-XSRF-TOKEN: $ADMIN_XSRF" "${OWN_CREDENTIALS[@]}" &
    first=$!
    fuzz "$BACKEND" anonymous &
    wait $first $!

    if grep -q "panicked\|internal error" "$WORK/server-$BACKEND.log"; then
        echo "--- server log ($BACKEND): errors"
        grep -B2 -A8 "panicked\|internal error" "$WORK/server-$BACKEND.log" | tail -n 80
    fi
    stop_server
    drop_pg_db
done

echo
echo "schemathesis summary (max $MAX_EXAMPLES examples per operation and phase, seed $SEED, phases $PHASES):"
cat "$SUMMARY"
if [ -e "$WORK/failed" ]; then
    echo "schemathesis: failures above (logs in $WORK)"
    trap - EXIT
    cleanup
    exit 1
fi
rm -rf "$WORK"
