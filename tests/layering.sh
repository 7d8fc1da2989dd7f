#!/bin/sh
# layering.sh - proves that the build keeps the layers apart
#
#   support < frontend < mir < mir/passes, analyses < backend, viz < driver
#
# with the runtime apart: the ground floor, it sees only itself; mir sees
# it (the interpreter calls its math), and so every layer above mir.
# Each folder is compiled with the include paths of itself and the layers
# below it only (the Makefile's *_INC, printed by `make layering-paths`).
# For every pair of folders (L, U) this compiles a probe "in L" - with L's
# include paths - that includes U's public header: it must compile when U
# is L or below it, and must fail with "U's header: No such file" when U
# is above L or beside it.  A folder without its public header yet (the
# passes, the analyses) is skipped as U.  Ends with "layering: N checked,
# N failed".
#
#   CC=cc sh tests/layering.sh
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
CC=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
paths=$(${MAKE:-make} -s --no-print-directory layering-paths) || {
    echo "layering: make layering-paths failed"; exit 1; }

# the public header of a folder
header() {
    case $1 in
    support) echo support.h ;;
    frontend) echo frontend.h ;;
    mir) echo mir.h ;;
    mir/passes) echo passes.h ;;
    analyses) echo analyses.h ;;
    backend) echo backend.h ;;
    viz) echo viz.h ;;
    driver) echo batch.h ;;
    runtime) echo pplrt.h ;;
    esac
}

# the layer's height; folders of one height do not see each other
rank() {
    case $1 in
    support) echo 0 ;; frontend) echo 1 ;; mir) echo 2 ;;
    mir/passes|analyses) echo 3 ;; backend|viz) echo 4 ;; driver) echo 5 ;;
    esac
}

# may a file of folder $1 include the header of folder $2?
allowed() {
    [ "$1" = "$2" ] && return 0
    if [ "$1" = runtime ]; then
        return 1
    fi
    if [ "$2" = runtime ]; then
        [ "$(rank "$1")" -ge 2 ]
        return
    fi
    [ "$(rank "$2")" -lt "$(rank "$1")" ]
}

folders="support frontend mir mir/passes analyses backend viz driver runtime"
checked=0; failed=0
for low in $folders; do
    inc=$(echo "$paths" | sed -n "s|^$low ||p")
    [ -n "$inc" ] || { echo "layering: no include paths for $low"; failed=1; continue; }
    for up in $folders; do
        h=$(header "$up")
        [ -f "$up/$h" ] || continue
        printf '#include "%s"\n' "$h" > "$tmp/probe.c"
        # shellcheck disable=SC2086
        $CC -std=c11 -D_XOPEN_SOURCE=700 -fsyntax-only $inc "$tmp/probe.c" \
            > "$tmp/out" 2>&1
        rc=$?
        checked=$((checked + 1))
        if allowed "$low" "$up"; then
            if [ $rc -ne 0 ]; then
                echo "layering: $low cannot include $up/$h, which is below it:"
                sed 's/^/    | /' "$tmp/out" | head -5
                failed=$((failed + 1))
            fi
        elif [ $rc -eq 0 ]; then
            echo "layering: $low includes $up/$h, which is not below it"
            failed=$((failed + 1))
        elif ! grep -q "$h: No such file" "$tmp/out"; then
            echo "layering: $low including $up/$h failed, but not for want of"
            echo "    the header:"
            sed 's/^/    | /' "$tmp/out" | head -5
            failed=$((failed + 1))
        fi
    done
done
echo "layering: $checked checked, $failed failed"
[ "$failed" -eq 0 ]
