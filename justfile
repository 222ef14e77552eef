# Colivra: every task a developer runs. `just` lists them.

set shell := ["bash", "-euo", "pipefail", "-c"]

export DATABASE_URL := env_var_or_default("DATABASE_URL", "sqlite://data/colivra.db")
postgres_test_url := env_var_or_default("TEST_DATABASE_URL", "")

default:
    @just --list

# Build everything, load the demo data (the company in the middle of a week, seeded once), serve on http://localhost:8080.
run: build
    ./target/debug/colivra seed-demo --week
    ./target/debug/colivra serve

# Build the server and the web app.
build: build-server build-frontend

build-server:
    cargo build -p colivra-cli

# Install the web app's packages when package-lock.json changed.
frontend-deps:
    cd frontend && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

build-frontend: frontend-deps
    cd frontend && npm run build

# API on :8080 and webpack's dev server on :3000 (proxying the API), reloading on change.
dev: build-server frontend-deps
    ./target/debug/colivra seed-demo --week
    trap 'kill 0' EXIT; ./target/debug/colivra serve & (cd frontend && npm run dev)

# Every test: Rust on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set), the API fuzzed against its OpenAPI document, the web app's type check, eslint, unit tests and size check, and the browser tests, which start as soon as the server and the web app are built and run beside the rest (scripts/test-all.sh).
test: preflight
    bash scripts/test-all.sh

# What the tests need from the machine (Chromium, Node, npm, cargo, libpq, pdftotext; Python's venv for `test`): installed with apt-get when it can, else one line naming what is missing, before anything builds.
preflight mode="test":
    @bash scripts/preflight.sh {{mode}}

# Rust tests, built once, run on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL; RUST_TEST_THREADS tests at once per program (2), RUST_PASSES_TOGETHER=1 for both passes at once.
test-rust:
    bash scripts/test-rust.sh

# Rust tests on PostgreSQL only.
test-rust-postgres:
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -z "{{postgres_test_url}}" ]; then
        echo "TEST_DATABASE_URL is not set: the PostgreSQL pass is not run."
        exit 0
    fi
    COLIVRA_TEST_BACKEND=postgres TEST_DATABASE_URL="{{postgres_test_url}}" RUST_TEST_THREADS=${RUST_TEST_THREADS:-2} cargo test --workspace --tests

# Validate /api/openapi.json, then fuzz the API with schemathesis (pinned, in a virtual environment under target/) as anonymous, a merchant's token, an admin and a delivery person: no 5xx, every answer as documented. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
schemathesis:
    bash scripts/schemathesis.sh

test-frontend: frontend-deps
    cd frontend && npm run typecheck && npm run lint && npm test && npm run build && npm run size-check

# The web app's API types (frontend/src/core/apiSchema.ts) from the server's OpenAPI document; `just test` fails when the committed file is stale.
api-types: build-server frontend-deps
    bash scripts/api-types.sh

# Browser tests (Debian's Chromium) against the real server on a fresh SQLite database.
e2e: (preflight "e2e") build-server build-frontend e2e-run

# The browser tests on what is already built (COLIVRA_BIN: the server, from frontend/).
e2e-run:
    cd frontend && COLIVRA_BIN=${COLIVRA_BIN:-../target/debug/colivra} npm run e2e

# Formatting, clippy, no import circle between Rust modules, TypeScript and eslint (with its
# import/no-cycle rule): all must be clean.
lint: frontend-deps
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    python3 scripts/rust_cycles.py crates
    cd frontend && npm run typecheck && npm run lint

fmt:
    cargo fmt --all

# Database migrations: just migrate [status|run|revert]
migrate action="run":
    cargo run -q -p colivra-cli -- migrate {{action}}

# A phone on slow 3G (CPU ×4, 400 kbit/s, 400 ms): time until the cold sign-in page and a list screen are usable (target 4 s each); a round of 200 parcels reloaded offline (target 1 s) and 50 queued outcomes sent (target 5 s).
measure-phone: build
    cd frontend && COLIVRA_MEASURE=1 COLIVRA_BIN=../target/debug/colivra npx playwright test slowPhone.spec.ts
    cd frontend && COLIVRA_MEASURE=1 COLIVRA_BIN=../target/debug/colivra npx playwright test offline.spec.ts -g "a round of 200 parcels"

# Seed a million parcels per backend (once) and measure the parcel list and creation with wrk on SQLite and PostgreSQL, and the activity CSV export's memory (figures in target/bench/results.md).
bench:
    bash scripts/bench.sh

# Only /health, parcel creation and the outcome call on both databases, with the verdict against 1,000/s at p99 < 50 ms stated as a share of /health (issue 42).
bench-writes:
    BENCH_ONLY=writes bash scripts/bench.sh

# One write case (outcome or create) on a copy of the seeded million, with the CPU the server, PostgreSQL (PG=1) and the machine spent; PERF=1 records call graphs, SQL=1 lists one call's statements.
profile-writes case="outcome" seconds="8":
    bash scripts/profile_writes.sh {{case}} {{seconds}}
