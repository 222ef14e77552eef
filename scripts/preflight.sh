#!/usr/bin/env bash
# What the tests need from the machine, checked before anything is built: `just test` runs it
# first, `just e2e` on its own. What Debian's packages provide is installed with apt-get when this
# can be done without asking (root, or sudo without a password); otherwise, or when something
# cannot be installed that way, it stops at once with one line naming what is missing.
#
#   scripts/preflight.sh [test|e2e]
#     e2e:  Chromium (CHROMIUM_PATH, default /usr/bin/chromium, as frontend/playwright.config.ts),
#           Node 20.19+ and npm, cargo, libpq (the PostgreSQL driver links it)
#     test: the same, poppler's pdftotext (the PDF tests), Python 3 with venv (the API
#           checks run in a virtual environment) and s3s-fs, an S3-compatible server (the proof
#           store's bucket test), installed with cargo when missing; with TEST_DATABASE_URL,
#           PostgreSQL's server programs (the replica and failover tests start their own)
set -euo pipefail

mode=${1:-test}
case $mode in
    test | e2e) ;;
    *)
        echo "preflight: unknown mode '$mode' (test or e2e)" >&2
        exit 2
        ;;
esac
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
node_wanted=20.19

missing=()  # what is missing, as the stop line names it
packages=() # the Debian packages that would bring it

check() {
    missing=()
    packages=()
    if [ ! -x "$chromium" ]; then
        missing+=("chromium ($chromium)")
        # Debian's package installs /usr/bin/chromium; another CHROMIUM_PATH is the caller's.
        [ "$chromium" = /usr/bin/chromium ] && packages+=(chromium)
    fi
    if ! command -v node >/dev/null; then
        missing+=("node $node_wanted+")
        packages+=(nodejs)
    else
        local found
        found=$(node --version 2>/dev/null | sed 's/^v//')
        if ! printf '%s\n%s\n' "$node_wanted" "$found" | sort -V -C; then
            # Debian's own nodejs is older than this: no package to offer.
            missing+=("node $node_wanted+ (found $found)")
        fi
    fi
    if ! command -v npm >/dev/null; then
        missing+=(npm)
        packages+=(npm)
    fi
    if ! command -v cargo >/dev/null; then
        missing+=("cargo (Rust stable, from rustup)")
    fi
    if ! has_libpq; then
        missing+=("libpq (libpq-dev)")
        packages+=(libpq-dev)
    fi
    # The PDF tests read documents back with poppler, a reader this project did not write.
    if [ "$mode" = test ] && ! command -v pdftotext >/dev/null; then
        missing+=("pdftotext (poppler-utils)")
        packages+=(poppler-utils)
    fi
    # The read replica's and the failover's tests (PostgreSQL pass) make a primary and a
    # streaming replica of their own with the server's programs.
    if [ "$mode" = test ] && [ -n "${TEST_DATABASE_URL:-}" ] \
        && ! ls /usr/lib/postgresql/*/bin/pg_basebackup >/dev/null 2>&1; then
        missing+=("PostgreSQL server programs (initdb, pg_basebackup)")
        packages+=(postgresql)
    fi
    if [ "$mode" = test ] && ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
        missing+=("python3 with venv")
        packages+=(python3 python3-venv)
    fi
}

has_libpq() {
    if command -v dpkg-query >/dev/null; then
        dpkg-query -W -f='${Status}' libpq-dev 2>/dev/null | grep -q 'ok installed'
    else
        ldconfig -p 2>/dev/null | grep -q 'libpq\.so '
    fi
}

# How to run apt-get: as root, or through sudo when it asks no password; else nothing.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        return 99
    fi
}

can_install() {
    command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; }
}

check
if [ ${#packages[@]} -gt 0 ] && can_install; then
    echo "preflight: installing ${packages[*]} (apt-get)…"
    log=$(mktemp)
    if ! { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}"; } >"$log" 2>&1; then
        echo "preflight: apt-get could not install ${packages[*]}: $(grep -E '^E:' "$log" | head -n 1)" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
    check
fi
if [ ${#missing[@]} -gt 0 ]; then
    joined=$(printf '%s, ' "${missing[@]}")
    hint=""
    if [ ${#packages[@]} -gt 0 ]; then
        hint=" (as root: apt-get install ${packages[*]})"
    fi
    echo "preflight: missing ${joined%, }${hint}; nothing was built." >&2
    exit 1
fi
# The S3-compatible server the bucket test runs against (tests/api/support/bucket.rs): a crate,
# not a Debian package. Pinned: later releases need a newer Rust.
s3s_version=0.14.1
if [ "$mode" = test ] && ! command -v s3s-fs >/dev/null && [ ! -x "${CARGO_HOME:-$HOME/.cargo}/bin/s3s-fs" ]; then
    echo "preflight: installing s3s-fs $s3s_version (cargo install, about 3 minutes, once)…"
    log=$(mktemp)
    # Built as itself: not with the lint settings CI gives the project's own build.
    if ! env -u RUSTC_WORKSPACE_WRAPPER -u RUSTFLAGS -u CARGO_INCREMENTAL cargo install "s3s-fs@$s3s_version" --features binary --locked >"$log" 2>&1; then
        echo "preflight: missing s3s-fs (cargo install s3s-fs@$s3s_version --features binary --locked failed: $(grep -E '^error' "$log" | head -n 1)); nothing was built." >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
fi
echo "preflight: chromium, node $(node --version), npm, cargo, libpq$([ "$mode" = test ] && echo ", pdftotext, python3 venv, s3s-fs"): ready"
