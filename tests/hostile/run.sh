#!/bin/sh
# run.sh - the hostile-input corpus: each tests/hostile/NAME.sh is a case
# written with lib.sh (names, strings, sizes, recursion, files, signals).
# Each runs in a fresh folder and asserts exact exit codes and messages,
# and that the files it protected did not change.  Ends with
# "hostile: N passed, N failed".
#
#   sh tests/hostile/run.sh BUILD_DIR [NAME...]
build=${1:-build}
shift 2>/dev/null
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
case "$build" in /*) ;; *) build="$root/$build" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
passed=0; failed=0
if [ $# -gt 0 ]; then
    cases=$(for n in "$@"; do echo "$root/tests/hostile/$n.sh"; done)
else
    cases=$(ls "$root"/tests/hostile/*.sh | grep -v '/lib\.sh$\|/run\.sh$')
fi
for c in $cases; do
    name=$(basename "$c" .sh)
    W="$tmp/$name"
    mkdir -p "$W"
    if (cd "$W" && PPLBENCH="$build/pplbench" BUILD="$build" ROOT="$root" \
            W="$W" bash -c '. "$1"; . "$2"; check_protected; exit $case_failed' \
            hostile "$root/tests/hostile/lib.sh" "$c"); then
        passed=$((passed + 1)); echo "hostile $name: ok"
    else
        failed=$((failed + 1)); echo "hostile $name: FAILED"
    fi
done
echo "hostile: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
