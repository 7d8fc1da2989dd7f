#!/bin/sh
# run.sh - the golden tests: one Stan program per test, its expected output
# beside it (cproc's runtests).
#
#   sh tests/golden/run.sh PPLBENCH            compare (make test)
#   sh tests/golden/run.sh PPLBENCH --update   rewrite the expected files
#                                              (make golden-update)
#
# For every tests/golden/NAME.stan, in sorted order, each expected file that
# sits beside it is one test, run in its mode:
#   NAME.err    a bad program:   pplbench NAME.stan
#   NAME.warn   warnings:        pplbench NAME.stan
#   NAME.fmt    a good program:  pplbench --auto-format NAME.stan; formatting
#               that output again must reproduce it exactly (idempotence),
#               and it must parse to the same tree as NAME.stan (unless
#               NAME.args canonicalizes)
#   NAME.info   pplbench --info NAME.stan
#   NAME.ast    pplbench --debug-ast NAME.stan
#   NAME.mir    pplbench --debug-mir-pretty NAME.stan
#   NAME.tmir   pplbench --debug-transformed-mir-pretty NAME.stan
#   NAME.opt.mir  pplbench --debug-optimized-mir-pretty NAME.stan: the MIR
#               after the passes NAME.args names (--passes=inline), or a
#               level's (--O1); the test-only passes are allowed here
#               (PPLBENCH_TEST_PASSES=1); NAME.passes, if present, holds
#               one line LIST for --passes=LIST ("lcm")
#   NAME.gendata   pplbench --debug-generate-data NAME.stan
#   NAME.geninits  pplbench --debug-generate-inits NAME.stan
# An expected file is the transcript of stdout and stderr followed by a line
# "[exit N]".  NAME.args, if present, holds one line of extra options that go
# before the file name.  pplbench runs inside tests/golden/ on the bare file
# name, so messages say 'NAME.stan' wherever the tree is checked out.
#
# A program with no expected file fails, unless --update is given: then it
# gets NAME.err when pplbench exits non-zero and NAME.fmt otherwise.  Files a
# test #includes belong in a subfolder (include/): every NAME.stan here is a
# test.
#
# Prints a diff for every mismatch and ends with one line
# "golden: N passed, N failed"; the exit status is 1 if any test failed.

usage() {
    echo "usage: sh tests/golden/run.sh PPLBENCH [--update]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
bin=$1
update=0
if [ $# -ge 2 ]; then
    if [ "$2" != "--update" ] || [ $# -ne 2 ]; then usage; fi
    update=1
fi
case $bin in
    /*) ;;
    *) bin=$(pwd)/$bin ;;
esac
[ -x "$bin" ] || { echo "golden: '$bin' is not an executable" >&2; exit 2; }

# The expected files are byte-exact: no locale may change sorting or
# messages.
LC_ALL=C
export LC_ALL

cd "$(dirname "$0")" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
testpasses=

fail() {
    echo "FAIL $1"
    failed=$((failed + 1))
}

# run OPTION NAME OUT: the transcript of `pplbench OPTION NAME.stan` in OUT;
# sets $status.
run() {
    # $args is split into words on purpose: it holds options.
    # shellcheck disable=SC2086
    PPLBENCH_TEST_PASSES=$testpasses "$bin" $1 $args "$2.stan" >"$3" 2>&1
    status=$?
    echo "[exit $status]" >>"$3"
}

# format NAME OUT: the transcript of `pplbench --auto-format NAME.stan` in
# OUT; sets $status, and $reformats when formatting the output again changes
# it (the copy being formatted sits in $tmp, so the test's folder goes on the
# include path for its #includes).
format() {
    # shellcheck disable=SC2086
    "$bin" --auto-format $args "$1.stan" >"$2" 2>"$tmp/stderr"
    status=$?
    reformats=0
    reparses=0
    if [ $status -eq 0 ]; then
        # shellcheck disable=SC2086
        "$bin" --auto-format $args --include-paths=. "$2" \
            >"$tmp/reformatted" 2>/dev/null &&
            cmp -s "$2" "$tmp/reformatted" || reformats=1
        [ $reformats -eq 1 ] && cp "$2" "$tmp/formatted"
        # The output must parse to the same tree as the input, unless the
        # options canonicalize it (which removes parentheses, adds braces).
        case " $args " in
            *canonical*) ;;
            *)
                "$bin" --debug-parse "$1.stan" >"$tmp/tree.in" 2>/dev/null
                "$bin" --debug-parse --include-paths=. "$2" \
                    >"$tmp/tree.out" 2>/dev/null
                cmp -s "$tmp/tree.in" "$tmp/tree.out" || reparses=1
                ;;
        esac
    fi
    # stderr comes first, as the terminal shows it: diagnostics are
    # written before the output.
    if [ -s "$tmp/stderr" ]; then
        cat "$tmp/stderr" "$2" >"$tmp/transcript"
        cp "$tmp/transcript" "$2"
    fi
    echo "[exit $status]" >>"$2"
}

# check NAME EXT: one test.
check() {
    expected=$1.$2
    actual=$tmp/$1.$2
    reformats=0
    reparses=0
    case $2 in
        fmt) format "$1" "$actual" ;;
        info) run --info "$1" "$actual" ;;
        ast) run --debug-ast "$1" "$actual" ;;
        mir) run --debug-mir-pretty "$1" "$actual" ;;
        tmir) run --debug-transformed-mir-pretty "$1" "$actual" ;;
        opt.mir) testpasses=1
            optimize=--debug-optimized-mir-pretty
            if [ -f "$1.passes" ]; then
                read -r list <"$1.passes" || :
                optimize="$optimize --passes=$list"
            fi
            run "$optimize" "$1" "$actual"
            testpasses= ;;
        gendata) run --debug-generate-data "$1" "$actual" ;;
        geninits) run --debug-generate-inits "$1" "$actual" ;;
        *) run "" "$1" "$actual" ;;
    esac
    ok=1
    if ! cmp -s "$expected" "$actual"; then
        if [ $update -eq 1 ]; then
            if [ -s "$expected" ]; then verb=updated; else verb=created; fi
            cp "$actual" "$expected"
            echo "$verb $expected"
        else
            fail "$expected"
            diff -u "$expected" "$actual"
            ok=0
        fi
    fi
    if [ "${reparses:-0}" -eq 1 ]; then
        fail "$expected: the formatted program parses to another tree"
        diff -u "$tmp/tree.in" "$tmp/tree.out"
        ok=0
    fi
    if [ $reformats -eq 1 ]; then
        if [ $ok -eq 1 ]; then
            fail "$expected: formatting the output again changes it"
        else
            echo "     and formatting the output again changes it:"
        fi
        diff -u "$tmp/formatted" "$tmp/reformatted"
        ok=0
    fi
    [ $ok -eq 1 ] && passed=$((passed + 1))
}

for stan in *.stan; do
    [ -f "$stan" ] || continue
    name=${stan%.stan}
    args=
    if [ -f "$name.args" ]; then
        read -r args <"$name.args" || :    # a last line without newline
    fi
    found=0
    for ext in err warn fmt info ast mir tmir opt.mir gendata geninits; do
        if [ -f "$name.$ext" ]; then
            found=1
            check "$name" "$ext"
        fi
    done
    [ $found -eq 1 ] && continue
    if [ $update -eq 0 ]; then
        fail "$stan: no expected output (NAME.err, .warn, .fmt, .info, .ast, .mir, .tmir, .opt.mir, .gendata or .geninits)"
        continue
    fi
    run "" "$name" "$tmp/new"
    if [ "$status" -ne 0 ]; then
        cp "$tmp/new" "$name.err"
        echo "created $name.err"
        passed=$((passed + 1))
    else
        : >"$name.fmt"
        check "$name" fmt
    fi
done

echo "golden: $passed passed, $failed failed"
[ $failed -eq 0 ]
