#!/bin/sh
# coverage_check.sh - what docs/coverage.md calls compiled really compiles:
# every tiny program of tests/tools/gen_coverage_md.c (--show NAME) that
# pplbench turns into C is compiled with cc -fsyntax-only -Wall -Werror.
# Prints the programs cc rejects and a closing count; exits 1 if any.
# Takes a few minutes, so it is not part of make test (make coverage-check).
#
#   sh tests/tools/coverage_check.sh BUILD_DIR
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
case $build in /*) ;; *) build=$root/$build ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
grep -o '^- `[A-Za-z0-9_]*`' "$root/docs/coverage.md" | sed 's/^- `//; s/`$//' |
    sort -u > "$tmp/names"
# --show writes the programs to stderr, each followed by an empty line
# (a program has several blocks, so a line "}" does not end one)
while read -r name; do
    "$build/gen_coverage_md" --show "$name" 2>&1 >/dev/null |
        awk -v d="$tmp" -v n="$name" '
            /^# What the C backend/ { exit }
            /^$/ { if (buf != "") { k++; f = d "/" n "_" k ".stan"
                                    printf "%s", buf > f; close(f) }
                   buf = ""; next }
            { buf = buf $0 "\n" }'
done < "$tmp/names"
total=0 emitted=0 bad=0
for f in "$tmp"/*.stan; do
    [ -f "$f" ] || continue
    total=$((total + 1))
    "$build/pplbench" "$f" --o="${f%.stan}.c" >/dev/null 2>&1 || continue
    emitted=$((emitted + 1))
    if ! $cc -std=c11 -fsyntax-only -Wall -Werror -I"$root/runtime" \
            "${f%.stan}.c" 2>"${f%.stan}.err"; then
        bad=$((bad + 1))
        echo "coverage-check: cc rejects the C of $(basename "$f"):"
        sed 's/^/  /' "$f"
        grep -m3 'error' "${f%.stan}.err" | sed 's/^/  /'
    fi
done
echo "coverage-check: $total programs, $emitted emitted, $bad rejected by cc"
[ $bad -eq 0 ]
