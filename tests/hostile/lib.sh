# lib.sh - the helpers a hostile case (tests/hostile/*.sh) is written with;
# run.sh sources this file, then the case, in a fresh folder $W.
#
# Variables a case reads:
#   PPLBENCH  the pplbench binary (absolute path)
#   BUILD     the build folder (absolute path), ROOT the repository
#   W         the case's own empty working folder (the current folder)
#
#   run_expect CODE TEXT CMD ARGS...
#       runs CMD with a time limit of $CASE_TIMEOUT seconds (default 120),
#       stdout and stderr into $W/.out; fails the case unless the exit
#       code is exactly CODE and the output contains TEXT (a fixed string;
#       an empty TEXT asks for nothing).  The output stays in $W/.out for
#       further checks.
#   expect_output TEXT      $W/.out (the last run) contains TEXT
#   expect_no_output TEXT   $W/.out does not contain TEXT
#   protect PATH...         records the content and the kind of each PATH
#                           (a missing one is recorded as missing); the
#                           runner checks after the case that none changed
#   expect_absent PATH...   each PATH does not exist
#   check COND-WORDS...     runs `test COND-WORDS` and fails if false
#   device_nodes            sets $null and $full to a null and a full
#                           device: nodes of the case's own in $W when it
#                           can make them (as root a regression must not
#                           replace the system's /dev/null), else /dev/*
#   fail MESSAGE            fails the case with MESSAGE
#
# A case passes when it ran to its end without a failure.
CASE_TIMEOUT=${CASE_TIMEOUT:-120}
case_failed=0

fail() {
    case_failed=1
    printf '    %s\n' "$*" >&2
}

run_expect() {
    want=$1; text=$2; shift 2
    timeout -k 5 "$CASE_TIMEOUT" "$@" >"$W/.out" 2>&1
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "exit $got, expected $want: $*"
        sed -n '1,15s/^/      | /p' "$W/.out" >&2
    fi
    if [ -n "$text" ] && ! grep -qF -- "$text" "$W/.out"; then
        fail "output lacks \"$text\": $*"
        sed -n '1,15s/^/      | /p' "$W/.out" >&2
    fi
    return 0
}

expect_output() {
    grep -qF -- "$1" "$W/.out" || fail "output lacks \"$1\""
}

expect_no_output() {
    ! grep -qF -- "$1" "$W/.out" || fail "output has \"$1\""
}

protect_sig() {
    if [ -L "$1" ]; then printf 'link %s\n' "$(readlink -- "$1")"
    elif [ -f "$1" ]; then printf 'file %s\n' "$(sha256sum < "$1")"
    elif [ -e "$1" ]; then printf 'other %s\n' "$(stat -c '%F %t %T' -- "$1")"
    else echo missing; fi
}

protect() {
    for p in "$@"; do
        printf '%s\t%s\n' "$p" "$(protect_sig "$p")" >> "$W/.protected"
    done
}

check_protected() {
    [ -f "$W/.protected" ] || return 0
    while IFS="$(printf '\t')" read -r p sig; do
        now=$(protect_sig "$p")
        [ "$now" = "$sig" ] || fail "protected $p changed: was '$sig', now '$now'"
    done < "$W/.protected"
}

expect_absent() {
    for p in "$@"; do
        [ ! -e "$p" ] && [ ! -L "$p" ] || fail "$p exists"
    done
}

check() {
    test "$@" || fail "check failed: $*"
}

device_nodes() {
    if [ "$(id -u)" -eq 0 ] && mknod null c 1 3 2>/dev/null &&
        mknod full c 1 7 2>/dev/null; then
        null=null full=full
    else
        rm -f null full
        null=/dev/null full=/dev/full
    fi
}
