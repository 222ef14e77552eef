#!/usr/bin/env bash
# Profiles one write case on a copy of `just bench`'s seeded million (run `just bench-writes`
# once first): the outcome call (an admin's « pas de réponse » on parcels out for delivery) or
# creation, at 32 connections for SECONDS, with what the server, PostgreSQL and the machine spent.
#
#   scripts/profile_writes.sh outcome|create [SECONDS]      SQLite (a copy of target/bench/bench.db)
#   PG=1 scripts/profile_writes.sh outcome|create [SECONDS] PostgreSQL (colivra_prof, a copy of colivra_bench)
#   PERF=1 …   also records the server with perf (call graphs) into target/profile/perf.data
#   SQL=1 …    one outcome call with DEBUG_SQL on: the statements it sends, and its Server-Timing
#
# Where the outcome call's time went (issue 42, docs/performance.md) was found with this.
set -euo pipefail
cd "$(dirname "$0")/.."
CASE=${1:-outcome}
SECONDS_RUN=${2:-8}
OUT=target/profile
BIN=target/release/colivra
PORT=18181
BASE="http://127.0.0.1:$PORT"
mkdir -p "$OUT"
[ -x "$BIN" ] || cargo build --release -p colivra-cli
if [ -n "${PG:-}" ]; then
    psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS colivra_prof" \
        -c "CREATE DATABASE colivra_prof TEMPLATE colivra_bench" postgres
    URL="postgres://postgres@127.0.0.1:5432/colivra_prof?sslmode=disable"
    sql() { psql -qAt "$URL" -c "$1"; }
else
    [ -f target/bench/bench.db ] || { echo "no target/bench/bench.db: run just bench-writes first" >&2; exit 1; }
    cp target/bench/bench.db "$OUT/profile.db"
    rm -f "$OUT/profile.db-wal" "$OUT/profile.db-shm"
    URL="sqlite://$PWD/$OUT/profile.db"
    sql() { sqlite3 "$OUT/profile.db" "$1"; }
fi
courier="(SELECT id FROM users WHERE role = 'delivery-admin' ORDER BY id LIMIT 1)"
sql "UPDATE parcels SET status = 'out_for_delivery', delivery_person_id = $courier WHERE id IN (SELECT id FROM parcels WHERE status IN ('awaiting_pickup', 'picked_up', 'in_warehouse', 'to_confirm') ORDER BY id DESC LIMIT 40000)" >/dev/null
sql "SELECT key FROM parcels WHERE status = 'out_for_delivery' AND delivery_person_id = $courier ORDER BY id DESC LIMIT 40000" > "$OUT/codes.txt"

env ${SQL:+DEBUG_SQL=1} COLIVRA_WEBHOOK_ALLOW_PRIVATE=true RUST_LOG=warn "$BIN" --database-url "$URL" \
    serve --addr "127.0.0.1:$PORT" --static-dir "$OUT" > "$OUT/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "$BASE/health" >/dev/null && break; sleep 0.2; done

jar="$OUT/cookies"
rm -f "$jar"
curl -sf -c "$jar" -b "$jar" "$BASE/sanctum/csrf-cookie" >/dev/null
xsrf=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")
email=admin-0@bench.colivra.ma
[ "$CASE" = create ] && email=client-3@bench.colivra.ma
curl -sf -c "$jar" -b "$jar" -H "X-XSRF-TOKEN: $xsrf" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"Bench#Colivra2026\",\"remember\":true}" "$BASE/api/login" >/dev/null
xsrf=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")
cookie=$(awk 'NF >= 7 && ($1 !~ /^#/ || $1 ~ /^#HttpOnly_/) { printf "%s=%s; ", $6, $7 }' "$jar")

if [ -n "${SQL:-}" ]; then
    curl -s -D - -o /dev/null -b "$cookie" -H "X-XSRF-TOKEN: $xsrf" -H 'Content-Type: application/json' \
        -d "{\"parcel\":\"$(head -1 "$OUT/codes.txt")\",\"status\":\"no_answer\"}" "$BASE/api/parcels/states" | grep -i server-timing
    grep '^SQL' "$OUT/server.log" | tail -25
    exit 0
fi

cp scripts/wrk/outcome.lua scripts/wrk/create.lua "$OUT/"

echo "/health: $(wrk -t2 -c32 -d2s "$BASE/health" | awk '/Requests\/sec/ { print $2 }') req/s"
postgres_ticks() { for p in $(pgrep -u postgres postgres || true); do awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null; done | awk '{ s += $1 } END { print s + 0 }'; }
server_ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
idle_ticks() { awk '/^cpu / { print $5 + $6 }' /proc/stat; }
if [ -n "${PERF:-}" ]; then
    perf record -F 499 --call-graph dwarf,16384 -p "$server" -o "$OUT/perf.data" -- sleep "$SECONDS_RUN" >/dev/null 2>&1 &
    recorder=$!
fi
p0=$(postgres_ticks); s0=$(server_ticks); i0=$(idle_ticks)
if [ "$CASE" = outcome ]; then
    wrk -t2 -c32 -d"${SECONDS_RUN}s" --latency -H "Cookie: $cookie" -H "X-XSRF-TOKEN: $xsrf" \
        -s "$OUT/outcome.lua" "$BASE/api/parcels/states" -- "$PWD/$OUT/codes.txt" | grep -E "Requests/sec|50%|99%|Non-2xx"
else
    wrk -t2 -c32 -d"${SECONDS_RUN}s" --latency -H "Cookie: $cookie" -H "X-XSRF-TOKEN: $xsrf" \
        -s "$OUT/create.lua" "$BASE/api/parcels" | grep -E "Requests/sec|50%|99%|Non-2xx"
fi
echo "CPU seconds over ${SECONDS_RUN} s on $(nproc) cores: server $(( $(server_ticks) - s0 ))/100, machine idle $(( $(idle_ticks) - i0 ))/100$([ -n "${PG:-}" ] && echo ", PostgreSQL $(( $(postgres_ticks) - p0 ))/100")"
if [ -n "${PERF:-}" ]; then
    wait "$recorder" || true
    echo "perf report -i $OUT/perf.data --children --sort sym"
fi
