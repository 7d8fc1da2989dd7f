#!/bin/sh
# run.sh - the pictures (viz/), through `pplbench --factor-graph=FILE`:
#
#   golden    tests/viz/golden/NAME.stan: the DOT of its factor graph must
#             equal NAME.dot byte for byte (DOT is written before layout,
#             the same in every run), with exit 0 and nothing on stderr
#   trace     tests/viz/trace/NAME.stan with NAME.data.json and NAME.args
#             (the rest of `pplbench trace`'s command line): the DOT of
#             its trace (--o FILE.dot) must equal NAME.dot byte for byte
#             and read back as DOT (build/dotcheck, cgraph's reader)
#   corpus    every corpus model's factor graph rendered to PNG starts with
#             the PNG signature (or, where this Graphviz has no PNG
#             renderer, the fallback's file is there and says so); so does
#             the trace of every corpus model the interpreter runs
#   fallback  a Graphviz whose plugins are the core's and dot's only
#             (GVBINDIR) writes FILE.svg for FILE.png with a one-line
#             notice; one with no plugins at all writes FILE.dot
#   valgrind  a few models rendered to PNG and DOT: no block definitely
#             lost that pplbench allocated (the first frame above the
#             allocator that is pplbench's, before any library's);
#             Graphviz's, fontconfig's and pango's own losses are not ours
#
# Ends with "viz: N passed, N failed".
#
#   sh tests/viz/run.sh BUILD_DIR [--update]
build=${1:-build}
update=$2
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
passed=0; failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "viz $1: FAILED: $2"; }

# ---- golden DOT ----
cd "$root/tests/viz/golden" || exit 1
for stan in *.stan; do
    name=${stan%.stan}
    rm -f "$tmp/g.dot"
    "$pplbench" --factor-graph="$tmp/g.dot" "$stan" >"$tmp/out" 2>&1
    rc=$?
    if [ $rc -ne 0 ] || [ -s "$tmp/out" ]; then
        fail "golden $name" "exit $rc: $(head -3 "$tmp/out")"
    elif [ "$update" = --update ]; then
        cp "$tmp/g.dot" "$name.dot"
        pass
    elif cmp -s "$tmp/g.dot" "$name.dot"; then
        pass
    else
        fail "golden $name" "the DOT differs:"
        diff -u "$name.dot" "$tmp/g.dot" | head -30
    fi
done

# ---- golden trace DOT ----
cd "$root/tests/viz/trace" || exit 1
for stan in *.stan; do
    name=${stan%.stan}
    args=""
    [ -f "$name.args" ] && args=$(cat "$name.args")
    rm -f "$tmp/t.dot"
    # shellcheck disable=SC2086
    "$pplbench" trace "$stan" --data "$name.data.json" $args --o "$tmp/t.dot" \
        >/dev/null 2>"$tmp/out"
    rc=$?
    if [ $rc -ne 0 ] || [ -s "$tmp/out" ]; then
        fail "trace $name" "exit $rc: $(head -3 "$tmp/out")"
    elif ! "$root/$build/dotcheck" "$tmp/t.dot" >"$tmp/out" 2>&1; then
        fail "trace $name" "$(head -3 "$tmp/out")"
    elif [ "$update" = --update ]; then
        cp "$tmp/t.dot" "$name.dot"
        pass
    elif cmp -s "$tmp/t.dot" "$name.dot"; then
        pass
    else
        fail "trace $name" "the DOT differs:"
        diff -u "$name.dot" "$tmp/t.dot" | head -30
    fi
done

# ---- every corpus model to PNG ----
png_signature=$(printf '\211PNG\r\n\032\n' | od -An -tx1)
for stan in "$root"/corpus/*.stan; do
    name=$(basename "$stan" .stan)
    rm -f "$tmp/c.png" "$tmp/c.svg" "$tmp/c.dot"
    "$pplbench" --factor-graph="$tmp/c.png" "$stan" >"$tmp/out" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        fail "corpus $name" "exit $rc: $(head -3 "$tmp/out")"
    elif [ -f "$tmp/c.png" ]; then
        if [ "$(head -c 8 "$tmp/c.png" | od -An -tx1)" = "$png_signature" ]
        then pass
        else fail "corpus $name" "c.png does not start with the PNG signature"
        fi
    elif { [ -s "$tmp/c.svg" ] || [ -s "$tmp/c.dot" ]; } \
        && grep -q "notice: this Graphviz cannot render png" "$tmp/out"; then
        pass
    else
        fail "corpus $name" "no picture written: $(head -3 "$tmp/out")"
    fi
done

traced=0; not_traced=""
for stan in "$root"/corpus/*.stan; do
    name=$(basename "$stan" .stan)
    rm -f "$tmp/t.png" "$tmp/t.svg" "$tmp/t.dot"
    "$pplbench" trace "$stan" --data "${stan%.stan}.data.json" --levels 2 \
        --o "$tmp/t.png" >/dev/null 2>"$tmp/out"
    rc=$?
    if [ $rc -eq 1 ] && grep -q "interpreter does not support" "$tmp/out"
    then
        not_traced="$not_traced $name"
    elif [ $rc -gt 1 ]; then
        fail "corpus trace $name" "exit $rc: $(head -3 "$tmp/out")"
    elif [ -f "$tmp/t.png" ]; then
        traced=$((traced + 1))
        if [ "$(head -c 8 "$tmp/t.png" | od -An -tx1)" = "$png_signature" ]
        then pass
        else fail "corpus trace $name" "t.png is not a PNG"
        fi
    elif { [ -s "$tmp/t.svg" ] || [ -s "$tmp/t.dot" ]; } \
        && grep -q "notice: this Graphviz cannot render png" "$tmp/out"; then
        pass
    else
        fail "corpus trace $name" "no picture written: $(head -3 "$tmp/out")"
    fi
done
echo "viz: traces of $traced corpus models drawn; the interpreter does not" \
    "run:$not_traced"

# ---- the fallbacks ----
gvlib=$(pkg-config --variable=libdir libgvc)/graphviz
mkdir "$tmp/core" "$tmp/none"
for lib in core dot_layout; do
    ln -s "$gvlib/libgvplugin_$lib.so.6" "$tmp/core/"
done
awk '/^libgvplugin_(core|dot_layout)\.so/ { keep = 1 }
     keep { print } /^}/ { keep = 0 }' "$gvlib/config6a" > "$tmp/core/config6a"
model="$root/tests/viz/golden/eight_schools.stan"
GVBINDIR="$tmp/core" "$pplbench" --factor-graph="$tmp/f.png" "$model" \
    >"$tmp/out" 2>&1
rc=$?
notice="pplbench: notice: this Graphviz cannot render"
if [ $rc -eq 0 ] && [ ! -e "$tmp/f.png" ] && grep -q '^<svg' "$tmp/f.svg" \
    && [ "$(cat "$tmp/out")" = "$notice png; writing $tmp/f.svg instead" ]
then pass
else fail "fallback svg" "exit $rc: $(cat "$tmp/out")"
fi
GVBINDIR="$tmp/none" "$pplbench" --factor-graph="$tmp/n.svg" "$model" \
    >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ ! -e "$tmp/n.svg" ] && grep -q '^digraph' "$tmp/n.dot" \
    && [ "$(cat "$tmp/out")" = "$notice svg; writing $tmp/n.dot instead" ]
then pass
else fail "fallback dot" "exit $rc: $(cat "$tmp/out")"
fi

# ---- the validator's --graphs ----
# tests/viz/batch: two models validated with --passes=lcm --graphs, the
# report beside OUT (its links are then relative, out/MODEL/...): every
# picture is there, every DOT reads back, the report validates against
# tests/report.xsd, every file a graph:* property names exists, and the
# flowgraphs of hoist.stan before and after lcm (the changed nodes
# filled) equal hoist.lcm.before.dot and hoist.lcm.after.dot.  A picture
# that cannot be written (its path a folder) is a notice and a
# graph_note, and the run still passes.
b="$tmp/batch"
mkdir -p "$b/out/hoist/factor_graph.png"
"$pplbench" "$root/tests/viz/batch" --passes=lcm --graphs --out="$b/out" \
    --report="$b/report.xml" >"$tmp/out" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
    fail "graphs run" "exit $rc: $(tail -3 "$tmp/out")"
else
    pass
fi
if grep -q "pplbench: notice: hoist: factor_graph: .*factor_graph.png" \
        "$tmp/out" \
    && grep -q 'property name="graph_note:factor_graph"' "$b/report.xml"
then pass
else fail "graphs notice" "no notice for the picture that cannot be written"
fi
missing=""
for m in eight_schools hoist; do
    for f in factor_graph.dot trace.dot trace.png lcm/flowgraph_before.dot \
        lcm/flowgraph_before.png lcm/flowgraph_after.dot \
        lcm/flowgraph_after.png; do
        [ -s "$b/out/$m/$f" ] || missing="$missing $m/$f"
    done
done
[ -s "$b/out/eight_schools/factor_graph.png" ] \
    || missing="$missing eight_schools/factor_graph.png"
if [ -z "$missing" ]; then pass; else fail "graphs files" "missing:$missing"; fi
if "$root/$build/dotcheck" "$b"/out/*/*.dot "$b"/out/*/lcm/*.dot \
    >"$tmp/out" 2>&1
then pass
else fail "graphs dot" "$(head -3 "$tmp/out")"
fi
if xmllint --noout --schema "$root/tests/report.xsd" "$b/report.xml" \
    >"$tmp/out" 2>&1
then pass
else fail "graphs report" "$(head -3 "$tmp/out")"
fi
links=$(sed -n 's/.*property name="graph:[^"]*" value="\([^"]*\)".*/\1/p' \
    "$b/report.xml")
nlinks=0; broken=""
for f in $links; do
    nlinks=$((nlinks + 1))
    [ -s "$b/$f" ] || broken="$broken $f"
done
if [ $nlinks -eq 15 ] && [ -z "$broken" ]; then pass
else fail "graphs links" "$nlinks links (want 15), broken:$broken"
fi
for when in before after; do
    got="$b/out/hoist/lcm/flowgraph_$when.dot"
    want="$root/tests/viz/batch/hoist.lcm.$when.dot"
    if [ "$update" = --update ]; then
        cp "$got" "$want"
        pass
    elif cmp -s "$got" "$want"; then
        pass
    else
        fail "graphs flowgraph $when" "the DOT differs:"
        diff -u "$want" "$got" | head -30
    fi
done

# ---- valgrind: no leak of pplbench's own ----
ours=$(cd "$root" && find support frontend mir analyses viz backend driver \
    -name '*.c' -exec basename {} \; | sort -u | tr '\n' ' ')
if command -v valgrind >/dev/null; then
    for run in eight_schools_noncentered.png mixture_normal_2.png \
        radon_intercepts.png eight_schools_noncentered.dot \
        trace:eight_schools_noncentered.png trace:effects_in_functions.png \
        trace:control_flow.dot; do
        name=${run#trace:}; ext=${name##*.}; name=${name%.*}
        if [ "$run" = "${run#trace:}" ]; then
            set -- --factor-graph="$tmp/v.$ext" "$root/corpus/$name.stan"
        else
            set -- trace "$root/corpus/$name.stan" --data \
                "$root/corpus/$name.data.json" --levels 2 --o "$tmp/v.$ext"
        fi
        {
            valgrind --leak-check=full --errors-for-leak-kinds=definite \
                "$pplbench" "$@" >"$tmp/vg" 2>&1
            # a record is ours when the first frame above the allocator
            # that is either ours or a shared library's is ours
            leaks=$(awk -v ours=" $ours " '
                / are definitely lost in loss record / {
                    rec = $0; open = 1; decided = 0; next }
                open && /^==[0-9]+== *$/ { open = 0; next }
                open && !decided && /(by|at) 0x/ {
                    if ($0 ~ /vgpreload/) next
                    if (match($0, /\([a-zA-Z0-9_]+\.c:[0-9]+\)/)) {
                        f = substr($0, RSTART + 1, RLENGTH - 2)
                        sub(/:.*/, "", f)
                        if (index(ours, " " f " ")) {
                            print rec; decided = 1; next }
                    }
                    if ($0 ~ /\(in \//) decided = 1
                }' "$tmp/vg")
            if [ -n "$leaks" ]; then
                fail "valgrind $run" "pplbench leaks:"
                echo "$leaks" | head -5
                grep -A12 'definitely lost in loss record' "$tmp/vg" | head -40
            elif ! grep -q 'ERROR SUMMARY' "$tmp/vg"; then
                fail "valgrind $run" "valgrind did not run: $(tail -3 "$tmp/vg")"
            else
                pass
            fi
        }
    done
else
    echo "viz: valgrind is not installed; the leak check is skipped"
fi

echo "viz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
