#!/usr/bin/env bash
# The activity export's memory, three times in one server process: scripts/export_memory.sh BIN DB
# (BIN: a colivra binary; DB: a PostgreSQL database seeded with `colivra seed-bench`). Prints the
# resident size and high-water mark around each export: the first may raise the mark by about
# a chunk per blocking thread, the next ones should not.
BIN=$1; DB=$2; PORT=18091; BASE=http://127.0.0.1:$PORT
URL="postgres://postgres@127.0.0.1:5432/$DB?sslmode=disable"
RUST_LOG=warn $BIN --database-url "$URL" serve --addr 127.0.0.1:$PORT --static-dir /tmp > /tmp/export-mem-server.log 2>&1 &
SERVER=$!
for _ in $(seq 1 100); do curl -sf $BASE/ready >/dev/null && break; sleep 0.2; done
jar=/tmp/export-jar; rm -f $jar
curl -sf -c $jar -b $jar $BASE/sanctum/csrf-cookie >/dev/null
XSRF=$(awk '$6 == "XSRF-TOKEN" { print $7 }' $jar)
curl -sf -c $jar -b $jar -H "X-XSRF-TOKEN: $XSRF" -H 'Content-Type: application/json' -d '{"email":"admin-0@bench.colivra.ma","password":"Bench#Colivra2026","remember":true}' $BASE/api/login >/dev/null
COOKIE=$(awk 'NF >= 7 && ($1 !~ /^#/ || $1 ~ /^#HttpOnly_/) { printf "%s=%s; ", $6, $7 }' $jar)
rss() { awk -v f="$1" '$1 == f":" { print $2 }' /proc/$SERVER/status; }
for i in 1 2 3; do
  before=$(rss VmRSS); hwm0=$(rss VmHWM)
  curl -sf -H "Cookie: $COOKIE" -o /tmp/export.csv "$BASE/api/activities/export?from=2026-11-14"
  echo "run $i: rss before $before kB, after $(rss VmRSS) kB, hwm $hwm0 -> $(rss VmHWM) kB, csv $(wc -c < /tmp/export.csv) bytes $(wc -l < /tmp/export.csv) lines"
done
echo "threads: $(ls /proc/$SERVER/task | wc -l)"
kill $SERVER; wait $SERVER 2>/dev/null
