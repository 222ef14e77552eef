#!/usr/bin/env bash
# `just bench`: seeds a million parcels once per backend, then measures with wrk, on SQLite and
# on PostgreSQL, the admin parcel list (page 1, a page 2,000 pages deep, a filtered view, a
# phone search) and parcel creation, next to the same list query run directly against the
# database in the same run. Figures go to stdout and target/bench/results.md.
#
# Settings (environment): BENCH_PARCELS (1000000), BENCH_CONNECTIONS (32), BENCH_DURATION (10s),
# BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/colivra_bench), BENCH_BACKENDS ("sqlite postgres").
set -euo pipefail
cd "$(dirname "$0")/.."

PARCELS=${BENCH_PARCELS:-1000000}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
DURATION=${BENCH_DURATION:-10s}
PG_URL=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/colivra_bench}
BACKENDS=${BENCH_BACKENDS:-sqlite postgres}
OUT=target/bench
PORT=18080
BASE="http://127.0.0.1:$PORT"
mkdir -p "$OUT"

if ! command -v wrk >/dev/null; then
    echo "Installing wrk (apt-get)…"
    apt-get install -y wrk >/dev/null || sudo apt-get install -y wrk >/dev/null
fi
cargo build --release -p colivra-gateway
BIN=target/release/colivra

RESULTS="$OUT/results.md"
{
    echo "# Benchmark run $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "$PARCELS parcels, $CONNECTIONS connections, $DURATION per case, $(nproc) cores (wrk and the server share them)."
    echo
    echo "| backend | case | HTTP p50 ms | HTTP p99 ms | req/s | direct p50 ms | direct p99 ms | HTTP/direct p50 |"
    echo "|---|---|---|---|---|---|---|---|"
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

INVOICE_LINES=""
for BACKEND in $BACKENDS; do
    case $BACKEND in
        sqlite) URL="sqlite://$PWD/$OUT/bench.db" ;;
        postgres)
            URL=$PG_URL
            admin_url="${PG_URL%/*}/postgres"
            dbname="${PG_URL##*/}"
            psql "$admin_url" -tAc "SELECT 1 FROM pg_database WHERE datname = '$dbname'" | grep -q 1 \
                || psql "$admin_url" -c "CREATE DATABASE $dbname" >/dev/null
            ;;
    esac
    echo "== $BACKEND: seeding (skipped when already seeded)"
    "$BIN" --database-url "$URL" seed-bench --parcels "$PARCELS"

    RUST_LOG=warn "$BIN" --database-url "$URL" serve --addr "127.0.0.1:$PORT" --static-dir "$OUT" > "$OUT/server-$BACKEND.log" 2>&1 &
    SERVER=$!
    trap 'kill $SERVER 2>/dev/null || true' EXIT
    for _ in $(seq 1 100); do curl -sf "$BASE/ready" >/dev/null && break; sleep 0.2; done

    sign_in admin-0@bench.colivra.ma 'Bench#Colivra2026'
    # A cursor 50,000 rows below the newest parcel: page 2,000 of 25.
    newest=$(curl -sf -H "Cookie: $COOKIE" "$BASE/api/parcels?per_page=1" | jq -r '.data[0].key')
    case $BACKEND in
        sqlite) max_id=$(sqlite3 "$OUT/bench.db" "SELECT max(id) FROM parcels") ;;
        postgres) max_id=$(psql "$URL" -tAc "SELECT max(id) FROM parcels") ;;
    esac
    deep_id=$((max_id - 50000))
    CURSOR="${deep_id}_${deep_id}"
    echo "   newest $newest, deep cursor $CURSOR"

    run_wrk page1 "$BASE/api/parcels?per_page=25"
    run_wrk deep "$BASE/api/parcels?per_page=25&cursor=$CURSOR"
    run_wrk filtered "$BASE/api/parcels?per_page=25&view=delivered"
    run_wrk search "$BASE/api/parcels?per_page=25&q=0612"
    "$BIN" --database-url "$URL" bench-direct --iterations 200 --cursor "$CURSOR" > "$OUT/$BACKEND-direct.txt"

    # Creation as a merchant with one shop.
    sign_in client-3@bench.colivra.ma 'Bench#Colivra2026'
    cat > "$OUT/create.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"recipient_name":"Client Bench","recipient_phone":"0612345678","city":"Casablanca","address":"1 rue des Tests","cod_amount":15000,"product":"Article"}'
LUA
    run_wrk create "$BASE/api/parcels" -s "$OUT/create.lua" -H "X-XSRF-TOKEN: $XSRF"
    # Take the created parcels out again, so every run measures the same million (thousands of
    # new parcels on top of the list change which plan the database picks for some views).
    cleanup="DELETE FROM parcels WHERE recipient_name = 'Client Bench'"
    case $BACKEND in
        sqlite) sqlite3 "$OUT/bench.db" "PRAGMA foreign_keys = ON; $cleanup" ;;
        postgres) psql "$URL" -qc "$cleanup" ;;
    esac

    for case in page1 deep filtered search create; do
        file="$OUT/$BACKEND-$case.txt"
        p50=$(ms 50% < "$file")
        p99=$(ms 99% < "$file")
        rps=$(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$file")
        direct=$(awk -v c="$case" '$1 == c { print $2, $3 }' "$OUT/$BACKEND-direct.txt")
        d50=${direct% *}
        d99=${direct#* }
        ratio=""
        if [ -n "$direct" ]; then ratio=$(awk -v a="$p50" -v b="$d50" 'BEGIN { if (b > 0) printf "%.1f×", a / b }'); else d50="-"; d99="-"; fi
        echo "| $BACKEND | $case | $p50 | $p99 | $rps | $d50 | $d99 | $ratio |" | tee -a "$RESULTS"
    done
    kill $SERVER; wait $SERVER 2>/dev/null || true
    trap - EXIT

    # An invoice of 5,000 parcels: drafted, validated, its PDF rendered (target: under 1 s).
    "$BIN" --database-url "$URL" bench-invoice --parcels 5000 > "$OUT/$BACKEND-invoice.txt"
    echo "   invoice of 5,000 parcels: $(tr '\n' ' ' < "$OUT/$BACKEND-invoice.txt")"
    INVOICE_LINES="$INVOICE_LINES| $BACKEND | $(awk '$1 == "client_draft" { d = $2 } $1 == "client_validate" { v = $2 } $1 == "client_pdf" { p = $2 } $1 == "client_total" { t = $2 } $1 == "delivery_total" { l = $2 } END { printf "%s | %s | %s | %s | %s", d, v, p, t, l }' "$OUT/$BACKEND-invoice.txt") |
"

done
{
    echo
    echo "Invoice of 5,000 delivered parcels (services against the seeded database, ms):"
    echo
    echo "| backend | client draft | validation | PDF | client total | delivery hand-over total |"
    echo "|---|---|---|---|---|---|"
    printf '%s' "$INVOICE_LINES"
} | tee -a "$RESULTS"
echo
echo "Results: $RESULTS"
