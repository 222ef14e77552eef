#!/usr/bin/env bash
# `just bench`: seeds a million parcels once per backend, then measures with wrk, on SQLite and
# on PostgreSQL, the admin parcel list (page 1, a page 2,000 pages deep, a filtered view, a
# phone search), the delivery people with their balances and parcel creation, next to the same
# list query run directly against the database in the same run; and the activity log's CSV export
# of 100,000 rows, whose memory must stay flat; creation again with a webhook subscribed (the
# outbox's cost), the delivery outcome call without and with it, and how fast the sender then
# delivers that backlog, and how soon one event reaches a receiver on a quiet server. Figures go
# to stdout and
# target/bench/results.md.
#
# Each backend runs on its own: one that fails is reported and the next still runs (the script
# then exits 1). Whatever a run adds to the seeded database (the parcels the creation case makes,
# sign-ins, sessions, activities, and anything `bench-invoice` leaves if it fails) is removed once
# the server has stopped, also when the run fails or is interrupted, so every run measures the
# same seeded data.
#
# Settings (environment): BENCH_PARCELS (1000000), BENCH_CONNECTIONS (32), BENCH_DURATION (10s),
# BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/colivra_bench?sslmode=disable: the server is on
# loopback, where TLS only costs CPU, 12 % of creation's throughput here), BENCH_BACKENDS ("sqlite postgres"),
# BENCH_EXPORT_ROWS (100000), BENCH_ROUNDS (3), BENCH_ROUND_DURATION (4s),
# BENCH_OUTCOME_ROUND_DURATION (2s), BENCH_SINGLE_DURATION (5s), BENCH_ONLY (empty: every case;
# `writes`: only /health, creation and the outcome call, as `just bench-writes`).
#
# Writes (issue 42): creation and the outcome call must reach 1,000 a second with p99 under 50 ms
# at 32 connections on both databases. This machine's speed varies from day to day (its /health
# ran at 72,000-93,000 req/s on full-speed days and at half that on slow ones), so the target is
# stated as a share of /health's throughput measured in the same run: 1,000/s where /health does
# FULL_SPEED_HEALTH (80,000/s), i.e. 1.25 % of /health, with p99 under 50 ms. Each run prints
# both figures and the verdict.
#
# Read cases are reported at one connection against the same service called directly (what the
# HTTP path adds), and at their load with their throughput as a share of `/health`'s in the same
# run (what the machine could serve at most).
set -euo pipefail
cd "$(dirname "$0")/.."

PARCELS=${BENCH_PARCELS:-1000000}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
DURATION=${BENCH_DURATION:-10s}
# The cases compared with and without a webhook (creation, the outcome call) alternate, ROUNDS
# rounds each of ROUND_DURATION, so that a drift of the machine or of the database over the run
# weighs on both alike; each reports its median round (by p99). The outcome cases use one parcel
# per request, from those the creation rounds made (shorter rounds: they must not run out).
ROUNDS=${BENCH_ROUNDS:-3}
ROUND_DURATION=${BENCH_ROUND_DURATION:-4s}
OUTCOME_ROUND_DURATION=${BENCH_OUTCOME_ROUND_DURATION:-2s}
# Each read case also runs this long at one connection.
SINGLE_DURATION=${BENCH_SINGLE_DURATION:-5s}
PG_URL=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/colivra_bench?sslmode=disable}
BACKENDS=${BENCH_BACKENDS:-sqlite postgres}
ONLY=${BENCH_ONLY:-}
FULL_SPEED_HEALTH=80000
OUT=target/bench
WRITES="$OUT/write-lines.md"
PORT=18080
BASE="http://127.0.0.1:$PORT"
mkdir -p "$OUT"

for tool in wrk jq sqlite3 psql curl; do
    if ! command -v "$tool" >/dev/null; then
        echo "Installing $tool (apt-get)…"
        package=$tool
        [ "$tool" = psql ] && package=postgresql-client
        if [ "$(id -u)" = 0 ]; then
            apt-get install -y -qq "$package" >/dev/null
        else
            sudo -n apt-get install -y -qq "$package" >/dev/null
        fi
    fi
done
cargo build --release -p colivra-cli
BIN="${CARGO_TARGET_DIR:-target}/release/colivra"

RESULTS="$OUT/results.md"
INVOICES="$OUT/invoice-lines.md"
EXPORTS="$OUT/export-lines.md"
WEBHOOKS="$OUT/webhook-lines.md"
CONFIRMATIONS="$OUT/confirmation-lines.md"
EXPORT_WANTED=${BENCH_EXPORT_ROWS:-100000}
: > "$INVOICES"
: > "$EXPORTS"
: > "$WEBHOOKS"
: > "$CONFIRMATIONS"
: > "$WRITES"
{
    echo "# Benchmark run $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "$PARCELS parcels, $CONNECTIONS connections, $DURATION per case, $(nproc) cores (wrk and the server share them)."
    echo
    echo "| backend | case | 1 conn p50 ms | 1 conn p99 ms | direct p50 ms | direct p99 ms | 1 conn / direct p50 | loaded p50 ms | loaded p99 ms | req/s | share of /health |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
} > "$RESULTS"

# wrk's latency lines read "50%  3.21ms"; print milliseconds.
ms() {
    awk -v q="$1" '$1 == q { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 }; printf "%.2f", v }'
}

run_wrk() { # name url [extra wrk args…]
    local name=$1 url=$2
    shift 2
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Cookie: $COOKIE" "$@" "$url" > "$OUT/$BACKEND-$name.txt"
    if grep -q "Non-2xx" "$OUT/$BACKEND-$name.txt"; then
        echo "!! $BACKEND $name: $(grep Non-2xx "$OUT/$BACKEND-$name.txt")" >&2
    fi
}

# A read case at one connection (the request's own cost, to set against the direct query), then
# at its load (`run_wrk`'s connections, or the extra arguments').
read_case() { # name url [extra wrk args…]
    local name=$1 url=$2
    wrk -t1 -c1 -d"$SINGLE_DURATION" --latency -H "Cookie: $COOKIE" "$url" > "$OUT/$BACKEND-$name-c1.txt"
    run_wrk "$@"
}

# `name` and `name`_hooked in turn, ROUNDS rounds each of `duration`, as the admin-or-merchant
# signed in (COOKIE, XSRF): before each round the merchant's endpoint (held: paused) subscribes to
# `plain_events` or to `hooked_events`. `{part}` in the wrk arguments becomes the round's number
# over both cases, from 00 (the outcome cases' lists of parcels).
alternate() { # name duration plain_events hooked_events wrk-arguments…
    local name=$1 duration=$2 plain=$3 hooked=$4 round case events part=0
    shift 4
    for round in $(seq 1 "$ROUNDS"); do
        for case in "$name" "${name}_hooked"; do
            events=$plain
            [ "$case" = "$name" ] || events=$hooked
            sql "UPDATE webhook_endpoints SET events = '$events', paused_at = updated_at" >/dev/null
            settle
            wrk -t2 -c"$CONNECTIONS" -d"$duration" --latency -H "Cookie: $COOKIE" -H "X-XSRF-TOKEN: $XSRF" \
                "${@//\{part\}/$(printf %02d "$part")}" > "$OUT/$BACKEND-$case-r$round.txt"
            part=$((part + 1))
        done
    done
    median_round "$name"
    median_round "${name}_hooked"
}

# The round of `name` (files $BACKEND-name-rN.txt) with the median p99 stands for the case
# ($BACKEND-name.txt); every round's p99 is printed.
median_round() { # name
    local name=$1 file
    for file in "$OUT/$BACKEND-$name"-r[0-9]*.txt; do echo "$(ms 99% < "$file") $file"; done | sort -n > "$OUT/$BACKEND-$name-rounds.txt"
    cp "$(awk -v n="$ROUNDS" 'NR == int((n + 1) / 2) { print $2 }' "$OUT/$BACKEND-$name-rounds.txt")" "$OUT/$BACKEND-$name.txt"
    echo "   $name p99 by round: $(awk '{ printf "%s%s", sep, $1; sep = ", " }' "$OUT/$BACKEND-$name-rounds.txt") ms"
    if grep -q "Non-2xx" "$OUT/$BACKEND-$name"-r[0-9]*.txt; then
        echo "!! $BACKEND $name: $(grep -h Non-2xx "$OUT/$BACKEND-$name"-r[0-9]*.txt | tr -s ' ' | paste -sd ',')" >&2
    fi
}

sign_in() { # email password → sets COOKIE and XSRF
    local jar="$OUT/cookies-$BACKEND"
    rm -f "$jar"
    curl -sf -c "$jar" -b "$jar" "$BASE/sanctum/csrf-cookie" >/dev/null
    XSRF=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")
    curl -sf -c "$jar" -b "$jar" -H "X-XSRF-TOKEN: $XSRF" -H 'Content-Type: application/json' \
        -d "{\"email\":\"$1\",\"password\":\"$2\",\"remember\":true}" "$BASE/api/login" >/dev/null
    XSRF=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")
    # HttpOnly cookies are written as "#HttpOnly_host …" lines: comments in form only.
    COOKIE=$(awk 'NF >= 7 && ($1 !~ /^#/ || $1 ~ /^#HttpOnly_/) { printf "%s=%s; ", $6, $7 }' "$jar")
}

# SQL against the backend being measured; SQLite waits up to 30 s for a lock instead of failing.
sql() {
    case $BACKEND in
        sqlite) sqlite3 -bail -cmd ".timeout 30000" "$OUT/bench.db" "$1" ;;
        postgres) psql "$URL" -X -q -t -A -v ON_ERROR_STOP=1 -c "$1" ;;
    esac
}

# Before a writing case: the database writes out what the previous case left (a PostgreSQL
# checkpoint, SQLite's WAL folded back), so no case pays for the one before it.
settle() {
    case $BACKEND in
        sqlite) sql "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null ;;
        postgres) sql "CHECKPOINT" >/dev/null ;;
    esac
}

# A command tried up to five times, two seconds apart.
retry() {
    local n
    for n in 1 2 3 4 5; do
        if "$@"; then return 0; fi
        echo "   $BACKEND: clean-up attempt $n failed, again in 2 s" >&2
        sleep 2
    done
    return 1
}

SERVER=""
# Stops the server and waits until it has finished its requests and closed its connections.
stop_server() {
    if [ -n "$SERVER" ]; then
        kill -TERM "$SERVER" 2>/dev/null || true
        wait "$SERVER" 2>/dev/null || true
        SERVER=""
    fi
}

# The highest id of each table a run writes to, and the database's clock: whatever lies beyond
# was made by this run.
MARKED=""
mark() {
    local table
    for table in parcels parcel_states vouchers invoices delivery_person_balance_entries activities users shops personal_tokens recipient_history_entries; do
        printf -v "MARK_$table" '%s' "$(sql "SELECT COALESCE(MAX(id), 0) FROM $table")"
    done
    case $BACKEND in
        sqlite) MARK_TIME=$(sql "SELECT strftime('%Y-%m-%d %H:%M:%f', 'now')") ;;
        postgres) MARK_TIME=$(sql "SELECT (now() AT TIME ZONE 'UTC')::text") ;;
    esac
    # bench-invoice takes invoice numbers; they are given back too.
    case $BACKEND in
        sqlite) NUMBERS=$(sql "SELECT 'INSERT INTO invoice_numbers (prefix, year, last_number) VALUES (' || quote(prefix) || ', ' || year || ', ' || last_number || ');' FROM invoice_numbers") ;;
        postgres) NUMBERS=$(sql "SELECT format('INSERT INTO invoice_numbers (prefix, year, last_number) VALUES (%L, %s, %s);', prefix, year, last_number) FROM invoice_numbers") ;;
    esac
    PARCELS_BEFORE=$(sql "SELECT COUNT(*) FROM parcels")
    MARKED=1
}

# Removes, in one transaction, every row made after the marks.
unmark() {
    local statements="
        UPDATE parcels SET merchant_completed_invoice_id = NULL WHERE merchant_completed_invoice_id > $MARK_invoices;
        UPDATE parcels SET merchant_returned_invoice_id = NULL WHERE merchant_returned_invoice_id > $MARK_invoices;
        UPDATE parcels SET delivery_person_invoice_id = NULL WHERE delivery_person_invoice_id > $MARK_invoices;
        DELETE FROM confirmation_attempts WHERE parcel_id > $MARK_parcels;
        DELETE FROM confirmation_queue WHERE parcel_id > $MARK_parcels;
        DELETE FROM parcel_decisions WHERE parcel_id > $MARK_parcels;
        UPDATE users SET confirmation_required = FALSE WHERE confirmation_required;
        DELETE FROM voucher_parcels WHERE parcel_id > $MARK_parcels OR voucher_id > $MARK_vouchers;
        DELETE FROM parcel_states WHERE id > $MARK_parcel_states OR parcel_id > $MARK_parcels;
        DELETE FROM parcels WHERE id > $MARK_parcels;
        -- What the run's parcels added to the recipients' history and what their deletion took
        -- away (the trigger's entries, net zero).
        DELETE FROM recipient_history_entries WHERE id > $MARK_recipient_history_entries;
        DELETE FROM vouchers WHERE id > $MARK_vouchers;
        DELETE FROM delivery_person_balance_entries WHERE id > $MARK_delivery_person_balance_entries OR invoice_id > $MARK_invoices;
        DELETE FROM invoices WHERE id > $MARK_invoices;
        DELETE FROM invoice_numbers;
        $NUMBERS
        DELETE FROM activities WHERE id > $MARK_activities;
        DELETE FROM personal_tokens WHERE id > $MARK_personal_tokens;
        DELETE FROM sessions WHERE created_at >= '$MARK_TIME';
        DELETE FROM webhook_deliveries;
        DELETE FROM webhook_endpoints;
        DELETE FROM idempotency_keys;
        DELETE FROM shops WHERE id > $MARK_shops;
        DELETE FROM users WHERE id > $MARK_users;"
    case $BACKEND in
        sqlite) sql "PRAGMA foreign_keys = ON; BEGIN IMMEDIATE; $statements COMMIT;" ;;
        postgres) sql "BEGIN; $statements COMMIT;" ;;
    esac
}

# The end of a backend's run, however it ends: server stopped first (it may still be finishing
# requests), then the run's rows removed, with retries.
finish_backend() {
    local status=$?
    trap - EXIT
    stop_server
    if [ -n "$MARKED" ]; then
        if retry unmark; then
            local after
            after=$(sql "SELECT COUNT(*) FROM parcels")
            if [ "$after" = "$PARCELS_BEFORE" ]; then
                echo "   $BACKEND: clean, $after parcels as seeded"
                # The rows a run wrote and removed are dead until a vacuum, and this machine's
                # PostgreSQL runs no autovacuum: the next run starts from the seed's state.
                if [ "$BACKEND" = postgres ]; then sql "VACUUM ANALYZE" >/dev/null; fi
            else
                echo "!! $BACKEND: $after parcels after the clean-up, $PARCELS_BEFORE before" >&2
                status=1
            fi
        else
            echo "!! $BACKEND: the clean-up failed; rows made after the marks remain (parcels above id $MARK_parcels)" >&2
            status=1
        fi
    fi
    exit "$status"
}

# The server's resident memory, in kB.
rss_kb() {
    awk -v field="$1" '$1 == field":" { print $2 }' "/proc/$SERVER/status"
}

# The activity log's CSV export of the newest 100,000 activities (BENCH_EXPORT_ROWS; fewer on a
# smaller seed: every day from the day of the 100,000th newest), run on the fresh server: the
# rows streamed, the time, and how far the server's resident memory grew meanwhile (sampled every
# 50 ms, and its high-water mark): it must stay under 20 MB whatever the export's size.
export_case() {
    local offset from started before peak now hwm
    offset=$((EXPORT_WANTED - 1))
    from=$(sql "SELECT substr(CAST(created_at AS TEXT), 1, 10) FROM activities ORDER BY id DESC LIMIT 1 OFFSET $offset")
    [ -n "$from" ] || from=$(sql "SELECT substr(CAST(MIN(created_at) AS TEXT), 1, 10) FROM activities")
    EXPORT_MIN_ROWS=$(sql "SELECT COUNT(*) FROM activities WHERE created_at >= '$from'")
    [ "$EXPORT_MIN_ROWS" -le "$EXPORT_WANTED" ] || EXPORT_MIN_ROWS=$EXPORT_WANTED
    before=$(rss_kb VmRSS)
    peak=$before
    # The high-water mark counts only if the export raised it (start-up may have set it higher).
    local hwm_before
    hwm_before=$(rss_kb VmHWM)
    started=$(date +%s.%N)
    curl -sf -H "Cookie: $COOKIE" -o "$OUT/$BACKEND-activities.csv" "$BASE/api/activities/export?from=$from" &
    local fetch=$!
    while kill -0 "$fetch" 2>/dev/null; do
        now=$(rss_kb VmRSS)
        [ "$now" -gt "$peak" ] && peak=$now
        sleep 0.05
    done
    wait "$fetch"
    EXPORT_SECONDS=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    hwm=$(rss_kb VmHWM)
    if [ "$hwm" -gt "$hwm_before" ] && [ "$hwm" -gt "$peak" ]; then peak=$hwm; fi
    EXPORT_GROWTH_KB=$((peak - before))
    EXPORT_GROWTH_MB=$(awk -v kb="$EXPORT_GROWTH_KB" 'BEGIN { printf "%.1f", kb / 1024 }')
    # Lines less the header (the file ends each line with CRLF).
    EXPORT_ROWS=$(($(wc -l < "$OUT/$BACKEND-activities.csv") - 1))
    echo "   activity export from $from: $EXPORT_ROWS rows in $EXPORT_SECONDS s, memory +$EXPORT_GROWTH_MB MB"
    rm -f "$OUT/$BACKEND-activities.csv"
}

# Creation again with the merchant's webhook subscribed to parcel.created, its deliveries held
# (the endpoint paused): each creation also writes its event and delivery in its transaction (the
# transactional outbox), and only that is measured. Then the endpoint is turned on and the
# server's sender delivers the backlog to a receiver on loopback: how long, how many per second.
webhook_case() {
    local receiver_port receiver hook events delivered started seconds
    receiver_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    python3 - "$receiver_port" <<'PY' &
import http.server, socketserver, sys
class Hook(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a shop's web server answers
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()
    def log_message(self, *args):
        pass
class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 128
Server(("127.0.0.1", int(sys.argv[1])), Hook).serve_forever()
PY
    receiver=$!
    hook=$(curl -sf -H "Cookie: $COOKIE" -H "X-XSRF-TOKEN: $XSRF" -H 'Content-Type: application/json' \
        -d "{\"url\":\"http://127.0.0.1:$receiver_port/hook\",\"events\":[\"parcel.created\"]}" \
        "$BASE/api/webhooks" | jq -r '.data.key')
    # A warm-up, not measured: each pooled connection prepares creation's statements on its
    # first creation (the read cases warm theirs in their one-connection runs), which otherwise
    # fell in the first round, always the plain case's (rounds of 4 s on PostgreSQL after a
    # start: p99 86 ms for the first, 28-57 for the five after it, the same server and data).
    sql "UPDATE webhook_endpoints SET events = '[\"invoice.paid\"]', paused_at = updated_at" >/dev/null
    wrk -t2 -c"$CONNECTIONS" -d2s -H "Cookie: $COOKIE" -H "X-XSRF-TOKEN: $XSRF" \
        -s "$OUT/create.lua" "$BASE/api/parcels" > "$OUT/$BACKEND-create-warmup.txt"
    # Creation without and with the endpoint subscribed to `parcel.created` (held: paused).
    alternate create "$ROUND_DURATION" '["invoice.paid"]' '["parcel.created"]' \
        -s "$OUT/create.lua" "$BASE/api/parcels"
    started=$(date +%s.%N)
    curl -sf -X PUT -H "Cookie: $COOKIE" -H "X-XSRF-TOKEN: $XSRF" -H 'Content-Type: application/json' \
        -d '{"active":true}' "$BASE/api/webhooks/$hook" >/dev/null
    while :; do
        # Counted again each time: the last creations of the load may commit after it ended.
        events=$(sql "SELECT COUNT(*) FROM webhook_deliveries")
        delivered=$(sql "SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'delivered'")
        seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
        [ "$delivered" = "$events" ] && break
        awk -v s="$seconds" 'BEGIN { exit !(s > 180) }' && break
        sleep 0.2
    done
    WEBHOOK_LINE="$delivered of $events events delivered in $seconds s ($(awk -v n="$delivered" -v s="$seconds" 'BEGIN { if (s > 0) printf "%.0f", n / s }')/s)"
    echo "   webhook backlog: $WEBHOOK_LINE"
    kill "$receiver" 2>/dev/null || true
    # Then a quiet server: parcels one at a time, from each creation's answer (committed) to the
    # receiver's request (target: p50 under 50 ms; the sender sleeps until a commit wakes it).
    local latency
    latency=$(python3 scripts/webhook_latency.py "$BASE" "$COOKIE" "$XSRF" "$hook" 40 || echo "failed")
    echo "   webhook latency, commit to receiver: $latency"
    echo "| $BACKEND | $WEBHOOK_LINE | $latency |" >> "$WEBHOOKS"
}

# The delivery outcome call, as an admin records "no answer" (a round outcome: the status
# changes and the outcome is recorded), each request on another of the parcels this run created,
# handed to a delivery person beforehand: without a webhook subscribed to those events, and with
# the merchant's endpoint subscribed to both (paused: the outbox's writes alone, two rows per
# call). The two cases alternate as the creation cases do; the parcels are split between the
# rounds; they go at the end of the run with the rest.
outcome_cases() {
    local courier total share
    courier=$(sql "SELECT id FROM users WHERE role = 'delivery-admin' ORDER BY id LIMIT 1")
    sql "UPDATE parcels SET status = 'out_for_delivery', delivery_person_id = $courier WHERE id > $MARK_parcels" >/dev/null
    sql "SELECT key FROM parcels WHERE id > $MARK_parcels ORDER BY id" > "$OUT/outcome-codes.txt"
    total=$(wc -l < "$OUT/outcome-codes.txt")
    share=$((total / (2 * ROUNDS)))
    rm -f "$OUT"/outcome-codes-??
    split -d -a 2 -l "$share" "$OUT/outcome-codes.txt" "$OUT/outcome-codes-"
    cp scripts/wrk/outcome.lua "$OUT/outcome.lua"
    sign_in admin-0@bench.colivra.ma 'Bench#Colivra2026'
    alternate outcome "$OUTCOME_ROUND_DURATION" '["parcel.created"]' \
        '["parcel.created","parcel.status_changed","parcel.outcome_recorded"]' \
        -s "$OUT/outcome.lua" "$BASE/api/parcels/states" -- "$PWD/$OUT/outcome-codes-{part}"
    echo "   outcomes: $share parcels per round, $(sql "SELECT COUNT(*) FROM webhook_deliveries WHERE event_type <> 'parcel.created'") webhook rows written by outcome_hooked"
}

# The write cases alone (BENCH_ONLY=writes): /health, creation and the outcome call, then the
# verdict.
write_cases() {
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$BASE/health" > "$OUT/$BACKEND-health.txt"
    sign_in client-3@bench.colivra.ma 'Bench#Colivra2026'
    create_script
    webhook_case
    outcome_cases
    stop_server
    write_verdict
}

# Creation and the outcome call against the target, as a share of /health in this run.
write_verdict() {
    local health_rps case file rps p99 share verdict
    health_rps=$(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$OUT/$BACKEND-health.txt")
    for case in create outcome; do
        file="$OUT/$BACKEND-$case.txt"
        rps=$(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$file")
        p99=$(ms 99% < "$file")
        share=$(awk -v a="$rps" -v b="$health_rps" 'BEGIN { printf "%.2f", 100 * a / b }')
        verdict=$(awk -v a="$rps" -v b="$health_rps" -v p="$p99" -v f="$FULL_SPEED_HEALTH" \
            'BEGIN { print ((a / b >= 1000 / f && p < 50) ? "met" : "NOT met") }')
        echo "| $BACKEND | $case | $rps | $p99 | $health_rps | $share % | $(awk -v a="$rps" -v b="$health_rps" -v f="$FULL_SPEED_HEALTH" 'BEGIN { printf "%.0f", a / b * f }') | $verdict |" | tee -a "$WRITES"
    done
}

# Creation's request body (wrk script).
create_script() {
    cp scripts/wrk/create.lua "$OUT/create.lua"
}

# One backend from seeding to clean-up; run in a subshell of its own.
run_backend() {
    trap finish_backend EXIT
    trap 'exit 143' TERM
    trap 'exit 130' INT
    case $BACKEND in
        sqlite) URL="sqlite://$PWD/$OUT/bench.db" ;;
        postgres)
            URL=$PG_URL
            local admin_url="${PG_URL%/*}/postgres"
            local dbname="${PG_URL##*/}"
            dbname="${dbname%%\?*}"
            psql "$admin_url" -tAc "SELECT 1 FROM pg_database WHERE datname = '$dbname'" | grep -q 1 \
                || psql "$admin_url" -c "CREATE DATABASE $dbname" >/dev/null
            ;;
    esac
    echo "== $BACKEND: seeding (skipped when already seeded)"
    "$BIN" --database-url "$URL" seed-bench --parcels "$PARCELS"
    rm -f "$OUT/$BACKEND"-*-r[0-9]*.txt "$OUT/$BACKEND"-*-c1.txt
    mark
    echo "   $PARCELS_BEFORE parcels"

    # Webhooks may reach the bench's receiver on loopback (the create_hooked case).
    COLIVRA_WEBHOOK_ALLOW_PRIVATE=true RUST_LOG=warn "$BIN" --database-url "$URL" serve --addr "127.0.0.1:$PORT" --static-dir "$OUT" > "$OUT/server-$BACKEND.log" 2>&1 &
    SERVER=$!
    local ready=""
    for _ in $(seq 1 100); do
        if curl -sf "$BASE/ready" >/dev/null; then ready=1; break; fi
        sleep 0.2
    done
    [ -n "$ready" ] || { echo "!! $BACKEND: the server did not start; see $OUT/server-$BACKEND.log" >&2; exit 1; }

    sign_in admin-0@bench.colivra.ma 'Bench#Colivra2026'
    if [ "$ONLY" = writes ]; then
        write_cases
        return
    fi
    export_case

    # A cursor 50,000 rows below the newest parcel: page 2,000 of 25.
    local newest max_id deep_id
    newest=$(curl -sf -H "Cookie: $COOKIE" "$BASE/api/parcels?per_page=1" | jq -r '.data[0].key')
    max_id=$(sql "SELECT max(id) FROM parcels")
    deep_id=$((max_id - 50000))
    [ "$deep_id" -gt 0 ] || deep_id=$((max_id / 2))
    CURSOR="${deep_id}_${deep_id}"
    echo "   newest $newest, deep cursor $CURSOR"

    # The ceiling: the cheapest request there is (no cookie, no database).
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$BASE/health" > "$OUT/$BACKEND-health.txt"
    read_case page1 "$BASE/api/parcels?per_page=25"
    read_case deep "$BASE/api/parcels?per_page=25&cursor=$CURSOR"
    read_case filtered "$BASE/api/parcels?per_page=25&view=delivered"
    read_case search "$BASE/api/parcels?per_page=25&q=0612"
    # The delivery people with their balances (the ledger summed per person; no parcel read).
    read_case balances "$BASE/api/delivery-admins/balances?per_page=25"
    # The dashboards and money screens at 8 connections (issue 23: p99 under 100 ms on the
    # million): the admin's here, a delivery person's and a merchant's below.
    read_case statistics_admin "$BASE/api/statistics" -c8
    read_case unpaid_shops "$BASE/api/shops/unpaid/delivered?per_page=25" -c8
    # The merchants with their accounts (issue 36: p99 under 100 ms at 8 connections).
    read_case merchant_accounts "$BASE/api/clients/balances?per_page=25" -c8
    read_case unpaid_delivery "$BASE/api/delivery-admins/parcels/unpaid?per_page=25" -c8
    sign_in delivery-admin-1@bench.colivra.ma 'Bench#Colivra2026'
    read_case statistics_delivery "$BASE/api/statistics" -c8
    sign_in admin-0@bench.colivra.ma 'Bench#Colivra2026'
    "$BIN" --database-url "$URL" bench-direct --iterations 200 --cursor "$CURSOR" > "$OUT/$BACKEND-direct.txt"

    # Creation as a merchant with one shop (the parcels go again at the end of the run, so every
    # run measures the same seeded data: more parcels change which plan some views get).
    sign_in client-3@bench.colivra.ma 'Bench#Colivra2026'
    read_case statistics_merchant "$BASE/api/statistics" -c8
    create_script
    webhook_case
    outcome_cases
    # The confirmation agents (issue 40): 8 agents asking for the next order at once, each
    # recording a call before asking again; « next » alone is timed (target p99 < 50 ms).
    sign_in admin-0@bench.colivra.ma 'Bench#Colivra2026'
    python3 scripts/confirmation_bench.py "$BASE" admin-0@bench.colivra.ma client-3@bench.colivra.ma \
        'Bench#Colivra2026' 8 2000 "${DURATION%s}" > "$OUT/$BACKEND-confirmations.txt"
    echo "   confirmation queue: $(cat "$OUT/$BACKEND-confirmations.txt")"
    stop_server
    echo "   created $(($(sql "SELECT COUNT(*) FROM parcels") - PARCELS_BEFORE)) parcels"

    local case file p50 p99 rps direct d50 d99 ratio s50 s99 share health_rps
    health_rps=$(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$OUT/$BACKEND-health.txt")
    echo "| $BACKEND | health | | | | | | $(ms 50% < "$OUT/$BACKEND-health.txt") | $(ms 99% < "$OUT/$BACKEND-health.txt") | $health_rps | 100% |" | tee -a "$RESULTS"
    for case in page1 deep filtered search balances merchant_accounts statistics_admin statistics_delivery statistics_merchant unpaid_shops unpaid_delivery create create_hooked outcome outcome_hooked; do
        file="$OUT/$BACKEND-$case.txt"
        p50=$(ms 50% < "$file")
        p99=$(ms 99% < "$file")
        rps=$(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$file")
        share=$(awk -v a="$rps" -v b="$health_rps" 'BEGIN { if (b > 0) printf "%.0f%%", 100 * a / b }')
        s50="-"; s99="-"
        if [ -f "$OUT/$BACKEND-$case-c1.txt" ]; then
            s50=$(ms 50% < "$OUT/$BACKEND-$case-c1.txt")
            s99=$(ms 99% < "$OUT/$BACKEND-$case-c1.txt")
        fi
        direct=$(awk -v c="$case" '$1 == c { print $2, $3 }' "$OUT/$BACKEND-direct.txt")
        d50=${direct% *}
        d99=${direct#* }
        ratio=""
        if [ -n "$direct" ] && [ "$s50" != "-" ]; then ratio=$(awk -v a="$s50" -v b="$d50" 'BEGIN { if (b > 0) printf "%.1f×", a / b }'); fi
        [ -n "$direct" ] || { d50="-"; d99="-"; }
        echo "| $BACKEND | $case | $s50 | $s99 | $d50 | $d99 | $ratio | $p50 | $p99 | $rps | $share |" | tee -a "$RESULTS"
    done
    write_verdict

    echo "| $BACKEND | $(cat "$OUT/$BACKEND-confirmations.txt") |" >> "$CONFIRMATIONS"
    echo "| $BACKEND | $EXPORT_ROWS | $EXPORT_SECONDS | $EXPORT_GROWTH_MB |" >> "$EXPORTS"
    if [ "$EXPORT_ROWS" -lt "$EXPORT_MIN_ROWS" ] || [ "$EXPORT_GROWTH_KB" -ge $((20 * 1024)) ]; then
        echo "!! $BACKEND: activity export of $EXPORT_ROWS rows (at least $EXPORT_MIN_ROWS expected) grew the server by $EXPORT_GROWTH_MB MB (limit 20)" >&2
        exit 1
    fi

    # An invoice of 5,000 parcels: drafted, validated, its PDF rendered (target: under 1 s).
    "$BIN" --database-url "$URL" bench-invoice --parcels 5000 > "$OUT/$BACKEND-invoice.txt"
    echo "   invoice of 5,000 parcels: $(tr '\n' ' ' < "$OUT/$BACKEND-invoice.txt")"
    echo "| $BACKEND | $(awk '$1 == "client_draft" { d = $2 } $1 == "client_validate" { v = $2 } $1 == "client_pdf" { p = $2 } $1 == "client_total" { t = $2 } $1 == "delivery_total" { l = $2 } END { printf "%s | %s | %s | %s | %s", d, v, p, t, l }' "$OUT/$BACKEND-invoice.txt") |" >> "$INVOICES"
}

FAILED=""
INTERRUPTED=""
CHILD=""
# Ctrl-C or a TERM: the backend under way stops, cleans up, and no other starts.
interrupted() {
    INTERRUPTED=$1
    if [ -n "$CHILD" ]; then kill -TERM "$CHILD" 2>/dev/null || true; fi
}
trap 'interrupted 130' INT
trap 'interrupted 143' TERM
for BACKEND in $BACKENDS; do
    set +e
    (
        set -e
        run_backend
    ) &
    CHILD=$!
    wait "$CHILD"
    status=$?
    # A signal ends `wait` early: wait again for the backend's clean-up.
    while kill -0 "$CHILD" 2>/dev/null; do
        wait "$CHILD"
        status=$?
    done
    CHILD=""
    set -e
    if [ -n "$INTERRUPTED" ]; then
        echo "Interrupted." >&2
        exit "$INTERRUPTED"
    fi
    if [ "$status" != 0 ]; then
        echo "!! $BACKEND failed (exit $status); going on with the other backends" >&2
        FAILED="$FAILED $BACKEND"
    fi
done
{
    echo
    echo "Writes at 32 connections against the target (1,000/s with p99 < 50 ms where /health does $FULL_SPEED_HEALTH/s: 1.25 % of /health in the same run):"
    echo
    echo "| backend | case | req/s | p99 ms | /health req/s | share of /health | req/s at full speed | target |"
    echo "|---|---|---|---|---|---|---|---|"
    cat "$WRITES"
} | tee -a "$RESULTS"
if [ "$ONLY" = writes ]; then
    echo
    echo "Results: $RESULTS"
    [ -z "$FAILED" ] || { echo "Failed:$FAILED" >&2; exit 1; }
    exit 0
fi
{
    echo
    echo "Invoice of 5,000 delivered parcels (services against the seeded database, ms):"
    echo
    echo "| backend | client draft | validation | PDF | client total | delivery hand-over total |"
    echo "|---|---|---|---|---|---|"
    cat "$INVOICES"
    echo
    echo "Activity log CSV export, streamed (the server's memory growth must stay under 20 MB):"
    echo
    echo "| backend | rows | seconds | memory growth MB |"
    echo "|---|---|---|---|"
    cat "$EXPORTS"
    echo
    echo "Webhooks: the backlog create_hooked queued, delivered once the endpoint is on (receiver on loopback); then, on a quiet server, from a creation's answer to the receiver's request (scripts/webhook_latency.py, target p50 < 50 ms):"
    echo
    echo "| backend | backlog delivery | latency, commit to receiver |"
    echo "|---|---|---|"
    cat "$WEBHOOKS"
    echo
    echo "Confirmation agents: 8 at once on the queue (scripts/confirmation_bench.py; « next » timed, target p99 < 50 ms at 8 connections on PostgreSQL):"
    echo
    echo "| backend | next |"
    echo "|---|---|"
    cat "$CONFIRMATIONS"
    echo
    echo "E-mails to a real SMTP server on loopback (scripts/message_bench.py: aiosmtpd; SQLite, seed-demo; targets p95 < 2 s, 1,000 drained < 30 s):"
    echo
    python3 scripts/message_bench.py "$BIN" "$OUT/messages" 2>/dev/null | sed 's/^/- /' || echo "- failed"
} | tee -a "$RESULTS"
echo
echo "Results: $RESULTS"
if [ -n "$FAILED" ]; then
    echo "Failed:$FAILED" >&2
    exit 1
fi
