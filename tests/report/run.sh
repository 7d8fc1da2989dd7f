#!/bin/sh
# run.sh - the report's checks for `make test` (BUILD as the argument,
# default build):
#   - test_report in a comma-decimal locale (de_DE.UTF-8, built under
#     BUILD/locale with localedef when the system has none), so that a time
#     written as "1,500" fails it;
#   - the reports test_report writes (test_report --write DIR, in that
#     locale) validate against tests/report.xsd with xmllint, and files
#     that break the format (a duplicate case, a comma in a time, a missing
#     count) do not;
#   - `pplbench merge` of the two shards gives the unsharded run's report
#     byte for byte, and refuses to write over an input;
#   - BUILD/report.xml, the validator's report of `make test`, when it is
#     there, validates too.
# Prints "report: ok", or each failure and exits 1.

BUILD=${1:-build}
cd "$(dirname "$0")/../.." || exit 2
T=$BUILD/tests/test_report
PPL=$BUILD/pplbench
XSD=tests/report.xsd
status=0
tmp=$(mktemp -d /tmp/pplbench-report-run-XXXXXX) || exit 2
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "report: FAIL: $*"
    status=1
}

valid() {
    xmllint --noout --schema "$XSD" "$1" >"$tmp/xmllint.out" 2>&1
}

# a comma-decimal locale
loc=$BUILD/locale
if [ ! -f "$loc/de_DE.UTF-8/LC_NUMERIC" ] && command -v localedef >/dev/null
then
    mkdir -p "$loc"
    localedef -i de_DE -f UTF-8 "$loc/de_DE.UTF-8" >/dev/null 2>&1
fi
if [ -f "$loc/de_DE.UTF-8/LC_NUMERIC" ]; then
    LOCPATH=$(cd "$loc" && pwd)
    export LOCPATH
    LC_ALL=de_DE.UTF-8
    export LC_ALL
    REPORT_TEST_LOCALE=de_DE.UTF-8 "$T" >"$tmp/unit.out" 2>&1 ||
        { cat "$tmp/unit.out"; fail "test_report in de_DE.UTF-8"; }
else
    echo "report: no de_DE.UTF-8 locale could be made; the comma-decimal" \
         "check is left out"
fi

# the reports the writer makes
mkdir "$tmp/r"
if ! "$T" --write "$tmp/r" >"$tmp/baseline.out" 2>&1; then
    cat "$tmp/baseline.out"
    fail "test_report --write"
fi
grep -q '^baseline whole.xml: 4 new failures, 0 fixed, 1 slower' \
    "$tmp/baseline.out" || fail "the baseline lines: $(cat "$tmp/baseline.out")"
for f in whole shard1 shard2 hostile baseline; do
    valid "$tmp/r/$f.xml" || { cat "$tmp/xmllint.out"; fail "$f.xml: schema"; }
    if grep -q 'time="[0-9]*,' "$tmp/r/$f.xml"; then
        fail "$f.xml: a time with a comma"
    fi
done

# the schema rejects what breaks the format
sed 's/name="lcm:print"/name="lcm:gradient"/' "$tmp/r/whole.xml" >"$tmp/dup.xml"
sed '0,/time="0.250"/s//time="0,250"/' "$tmp/r/whole.xml" >"$tmp/comma.xml"
sed '0,/ skipped="[0-9]*"/s///' "$tmp/r/whole.xml" >"$tmp/nocount.xml"
sed '0,/<failure message="[^"]*"/s//<failure/' "$tmp/r/whole.xml" \
    >"$tmp/nomessage.xml"
for f in dup comma nocount nomessage; do
    cmp -s "$tmp/$f.xml" "$tmp/r/whole.xml" && fail "$f.xml: sed changed nothing"
    valid "$tmp/$f.xml" && fail "$f.xml: the schema accepts it"
done

# merge
out=$("$PPL" merge "$tmp/r/shard2.xml" "$tmp/r/shard1.xml" -o "$tmp/all.xml" 2>&1)
code=$?
[ $code -eq 0 ] || fail "pplbench merge: exit $code: $out"
valid "$tmp/all.xml" || { cat "$tmp/xmllint.out"; fail "all.xml: schema"; }
cmp -s "$tmp/all.xml" "$tmp/r/whole.xml" ||
    fail "merging the shards does not give the unsharded report"
cp "$tmp/r/shard1.xml" "$tmp/keep.xml"
out=$("$PPL" merge "$tmp/r/shard1.xml" "$tmp/r/shard2.xml" \
          -o "$tmp/r/shard1.xml" 2>&1)
code=$?
[ $code -eq 2 ] || fail "merge over an input: exit $code, not 2"
case $out in
    *shard1.xml*) ;;
    *) fail "merge over an input: '$out' does not name it" ;;
esac
cmp -s "$tmp/keep.xml" "$tmp/r/shard1.xml" || fail "merge replaced an input"
"$PPL" merge "$tmp/r/whole.xml" >/dev/null 2>&1
[ $? -eq 2 ] || fail "merge without -o: not exit 2"

# the validator's report of this make test
if [ -f "$BUILD/report.xml" ]; then
    valid "$BUILD/report.xml" ||
        { cat "$tmp/xmllint.out"; fail "$BUILD/report.xml: schema"; }
fi

[ $status -eq 0 ] && echo "report: ok"
exit $status
