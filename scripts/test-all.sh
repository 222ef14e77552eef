#!/usr/bin/env bash
# `just test`: every test, arranged for 2 cores. The browser tests are the longest single track
# (about 17 minutes on one worker), so they start as soon as what they need exists and the rest
# runs beside them; the whole keeps both cores busy from start to end:
#
#   web app:   build ──┬─ type check, eslint, unit tests, size check (nice 10)
#   Rust:      build ──┴─ browser tests, two halves side by side (the server just built, the web
#                      │  app just built; nice 5)
#                      └─ Rust tests on SQLite, then PostgreSQL (nice -5 when allowed) ── API
#                         fuzzing (schemathesis)
#
# Each track writes its log under target/test-logs/ and the logs are printed whole, one after the
# other, as the tracks end; the exit status is 1 if any track failed. Run after scripts/preflight.sh.
set -uo pipefail
cd "$(dirname "$0")/.."

LOGS=target/test-logs
rm -rf "$LOGS"
mkdir -p "$LOGS"
started=$SECONDS
stamp() { echo "[test +$((SECONDS - started)) s] $*"; }
status=0
failed=()
fail() { status=1; failed+=("$1"); }

# The web app's packages and build, then its checks at a lower priority than the Rust build.
(
    just frontend-deps && touch "$LOGS/web-deps.done" && (cd frontend && npm run build)
) > "$LOGS/web-build.log" 2>&1 &
web_build=$!
(
    until [ -e "$LOGS/web-deps.done" ]; do
        kill -0 "$web_build" 2>/dev/null || { echo "The web app's packages did not install."; exit 1; }
        sleep 1
    done
    cd frontend &&
        nice -n 10 npm run typecheck &&
        nice -n 10 npm run lint &&
        nice -n 10 npm test &&
        { while kill -0 "$web_build" 2>/dev/null; do sleep 1; done; nice -n 10 npm run size-check; }
) > "$LOGS/web-checks.log" 2>&1 &
web_checks=$!

# schemathesis's Python environment (pip), made while the server builds, at the lowest priority.
nice -n 15 bash scripts/schemathesis.sh --prepare > "$LOGS/schemathesis-prepare.log" 2>&1 &
schemathesis_prepare=$!
# The e-mail tests' SMTP server (scripts/mail-catcher.sh: aiosmtpd, pinned, in a virtual
# environment), made while the tests build, so that no test waits for pip.
nice -n 15 bash scripts/mail-catcher.sh --prepare > "$LOGS/mail-catcher-prepare.log" 2>&1 &
mail_catcher_prepare=$!

stamp "Rust: building the tests and the server"
rust_built=0
bash scripts/test-rust.sh build > "$LOGS/rust-build.log" 2>&1 && rust_built=1
cat "$LOGS/rust-build.log" | grep -vE '^\s+(Compiling|Downloaded|Downloading|Fresh) ' || true
[ $rust_built = 1 ] || fail "Rust build"
if [ $rust_built = 1 ]; then
    # The web app's API types are the OpenAPI document's (scripts/api-types.sh).
    until [ -e "$LOGS/web-deps.done" ] || ! kill -0 "$web_build" 2>/dev/null; do sleep 1; done
    COLIVRA_BIN=target/debug/colivra bash scripts/api-types.sh --check || fail "API types (stale frontend/src/core/apiSchema.ts)"
fi

web_built=0
wait $web_build && web_built=1
stamp "=== Web app: build"
cat "$LOGS/web-build.log"
[ $web_built = 1 ] || fail "web app build"

e2e=()
if [ $rust_built = 1 ] && [ $web_built = 1 ]; then
    stamp "Browser tests started (beside the Rust tests): the sweeps and the flows side by side"
    # Two halves, each with its own server and database (playwright.config.ts): one worker took
    # 17 minutes, the longest track. Niced: the Rust tests and schemathesis go first.
    for part in sweeps flows; do
        (cd frontend && COLIVRA_E2E_PART=$part COLIVRA_E2E_RUN=$part COLIVRA_BIN=../target/debug/colivra nice -n 5 npm run e2e) > "$LOGS/e2e-$part.log" 2>&1 &
        e2e+=($!)
    done
else
    echo "The server or the web app did not build: browser tests not run."
fi

if [ $rust_built = 1 ]; then
    # Ahead of the browser tests when the machine allows it (root): the race tests check that
    # their requests were in flight together, which a busy scheduler can deny them.
    ahead=()
    nice -n -5 true 2>/dev/null && ahead=(nice -n -5)
    wait $mail_catcher_prepare || {
        echo "The mail catcher's environment could not be made (the e-mail tests will say so):"
        cat "$LOGS/mail-catcher-prepare.log"
    }
    "${ahead[@]}" bash scripts/test-rust.sh run || fail "Rust tests"
    stamp "Rust tests done"
    wait $schemathesis_prepare || true
    # The server the Rust tests were built with (one build; features as for the tests).
    COLIVRA_BIN=target/debug/colivra bash scripts/schemathesis.sh || fail "schemathesis"
    stamp "schemathesis done"
fi

wait $web_checks || fail "web app checks"
stamp "=== Web app: type check, eslint, unit tests, size check"
cat "$LOGS/web-checks.log"
parts=(sweeps flows)
for index in "${!e2e[@]}"; do
    wait "${e2e[$index]}" || fail "browser tests (${parts[$index]})"
    stamp "=== Browser tests: the ${parts[$index]}"
    cat "$LOGS/e2e-${parts[$index]}.log"
done
# The failures again, last, where a reader of only the end of the output looks.
if [ $status != 0 ]; then
    stamp "=== What failed: ${failed[*]}"
    grep -HnE "^test .* FAILED$|^failures:$|panicked at|test result: FAILED|^\s+✘|^\s+[0-9]+\) |^error(\[|:)|FAILED|Errors?: " "$LOGS"/*.log target/test-sqlite.log target/test-postgres.log 2>/dev/null | grep -v "test result: ok" | head -60 || true
fi
stamp "all tracks done (status $status)"
exit $status
