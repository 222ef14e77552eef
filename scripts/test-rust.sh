#!/usr/bin/env bash
# `just test-rust`: builds every Rust test once, then runs the test programs on SQLite and, when
# TEST_DATABASE_URL is set, on PostgreSQL. RUST_TEST_THREADS tests at once per program (2 unless
# told); RUST_PASSES_TOGETHER=1 runs the two passes at the same time. Both are off by default: on
# 2 cores with the web app's checks alongside, the race tests' check that their requests really
# ran together failed now and then under that load. Each pass prints its output when it ends;
# the doc examples run once (SQLite).
#
#   scripts/test-rust.sh [all|build|run]   (all: build, then run; `just test` calls build, starts
#                                            the browser tests on the server it built, then run)
set -euo pipefail
phase=${1:-all}
cd "$(dirname "$0")/.."

TARGET=$(realpath -m "${CARGO_TARGET_DIR:-target}")
mkdir -p "$TARGET"
export RUST_TEST_THREADS=${RUST_TEST_THREADS:-2}

# The test programs, with the package folder each runs in (as `cargo test` runs them).
PROGRAMS="$TARGET/test-programs.tsv"
if [ "$phase" != run ]; then
    cargo test --workspace --no-run --message-format=json-render-diagnostics |
        python3 -c '
import json, os, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["profile"]["test"] and m.get("executable"):
        print(os.path.dirname(m["manifest_path"]) + "\t" + m["executable"])
' > "$PROGRAMS"
fi
[ "$phase" = build ] && exit 0

run_pass() { # backend
    local failed=0
    while IFS=$'\t' read -r dir program; do
        echo "     Running $(basename "$program") ($1)"
        (cd "$dir" && COLIVRA_TEST_BACKEND=$1 "$program") || failed=1
    done < "$PROGRAMS"
    if [ "$1" = sqlite ]; then
        cargo test --workspace --doc || failed=1
    fi
    return $failed
}

run_pass sqlite > "$TARGET/test-sqlite.log" 2>&1 &
sqlite_pid=$!
if [ "${RUST_PASSES_TOGETHER:-0}" != 1 ]; then
    wait $sqlite_pid && sqlite_status=0 || sqlite_status=1
fi
postgres_pid=""
if [ -n "${TEST_DATABASE_URL:-}" ]; then
    run_pass postgres > "$TARGET/test-postgres.log" 2>&1 &
    postgres_pid=$!
fi

status=0
if [ -n "${sqlite_status:-}" ]; then
    status=$sqlite_status
else
    wait $sqlite_pid || status=1
fi
echo "=== Rust tests on SQLite"
cat "$TARGET/test-sqlite.log"
if [ -n "$postgres_pid" ]; then
    wait $postgres_pid || status=1
    echo "=== Rust tests on PostgreSQL"
    cat "$TARGET/test-postgres.log"
else
    echo "TEST_DATABASE_URL is not set: the PostgreSQL pass is not run."
fi
exit $status
