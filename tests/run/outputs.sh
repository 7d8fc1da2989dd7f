#!/bin/sh
# outputs.sh - every model of corpus/ and tests/run/models/ with four more
# outputs: a copy of the model whose generated quantities begin with a
# tuple, a complex, an array of tuples and a matrix (a generated
# quantities block is added when the model has none) is built, run for
# one draw on the model's data, and the draw's columns of the four are
# checked, names and values, against what CmdStan writes (CmdStan Guide,
# "Stan CSV File Format": containers column-major, complex as .real and
# .imag, tuple slots after a colon, an array of tuples element by
# element):
#   zz_t:1 zz_t:2 zz_c.real zz_c.imag zz_a.1:1 zz_a.1:2.1 zz_a.1:2.2
#   zz_a.2:1 zz_a.2:2.1 zz_a.2:2.2 zz_m.1.1 zz_m.2.1 zz_m.1.2 ...
# A model the backend does not compile as written is skipped with the
# reason; the copy of one it compiles must compile.  The models are
# built two at a time, without optimization (PPLBENCH_CFLAGS=-O0: the C
# compiler's time is most of the run).
# Ends with "outputs: N passed, N failed, N skipped".
#
#   sh tests/run/outputs.sh BUILD_DIR [MODEL.stan ...]
build=${1:-build}
[ $# -gt 0 ] && shift
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# The lines added at the top of generated quantities, and the header and
# values of the columns they make.
cat >"$tmp/outputs.stan" <<'EOF'
  tuple(real, int) zz_t = (1.5, 2);
  complex zz_c = to_complex(1, -2);
  array[2] tuple(real, vector[2]) zz_a = {(0.5, [1, 2]'), (-0.5, [3, 4]')};
  matrix[2, 3] zz_m = [[1, 2, 3], [4, 5, 6]];
EOF
want_names='zz_t:1,zz_t:2,zz_c.real,zz_c.imag,zz_a.1:1,zz_a.1:2.1,zz_a.1:2.2,zz_a.2:1,zz_a.2:2.1,zz_a.2:2.2,zz_m.1.1,zz_m.2.1,zz_m.1.2,zz_m.2.2,zz_m.1.3,zz_m.2.3'
want_values='1.5,2,1,-2,0.5,1,2,-0.5,3,4,1,4,2,5,3,6'

# One model: prints "ok", "skipped: WHY" or "FAILED: WHY" after its name.
check_one() {
    model=$1
    name=$(basename "$(dirname "$model")")_$(basename "$model" .stan)
    dir="$tmp/$name"
    mkdir -p "$dir"
    if ! "$pplbench" "$model" --o="$dir/orig.c" >"$dir/orig.out" 2>&1; then
        echo "outputs $name: skipped: $(grep -m1 '^Error' "$dir/orig.out")"
        return
    fi
    # the copy: the four at the top of generated quantities, or a block
    # of their own at the end
    if grep -Eq '^[[:space:]]*generated[[:space:]]+quantities[[:space:]]*\{' \
        "$model"; then
        awk -v add="$tmp/outputs.stan" '
            !done && /^[[:space:]]*generated[[:space:]]+quantities[[:space:]]*\{/ {
                print
                while ((getline line < add) > 0) print line
                done = 1
                next
            }
            { print }' "$model" >"$dir/m.stan"
    else
        { cat "$model"; echo "generated quantities {";
          cat "$tmp/outputs.stan"; echo "}"; } >"$dir/m.stan"
    fi
    if ! PPLBENCH_CFLAGS=-O0 "$pplbench" build "$dir/m.stan" -o "$dir/m" \
        >"$dir/build.out" 2>&1; then
        echo "outputs $name: FAILED: the copy does not build:" \
            "$(grep -m1 -i 'error' "$dir/build.out")"
        return
    fi
    data=$(cd "$(dirname "$model")" && pwd)/$(basename "$model" .stan).data.json
    set -- sample num_samples=1 num_warmup=0 random seed=1 \
        output file="$dir/o.csv"
    [ -f "$data" ] && set -- "$@" data file="$data"
    if ! (cd "$dir" && ./m "$@") >"$dir/run.out" 2>&1; then
        echo "outputs $name: FAILED: the draw failed:" \
            "$(grep -m1 -i 'error' "$dir/run.out")"
        return
    fi
    header=$(grep -v '^#' "$dir/o.csv" | sed -n 1p)
    row=$(grep -v '^#' "$dir/o.csv" | sed -n 2p)
    # the columns of the four: from zz_t:1 on, 16 of them
    got=$(printf '%s\n%s\n' "$header" "$row" | awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == "zz_t:1") at = i }
        { if (!at) { print "absent"; exit }
          s = ""
          for (i = at; i < at + 16; i++) s = s (i > at ? "," : "") $i
          print s }')
    names=$(printf '%s\n' "$got" | sed -n 1p)
    values=$(printf '%s\n' "$got" | sed -n 2p)
    if [ "$names" != "$want_names" ]; then
        echo "outputs $name: FAILED: columns $names"
    elif [ "$values" != "$want_values" ]; then
        echo "outputs $name: FAILED: values $values"
    else
        echo "outputs $name: ok"
    fi
}

if [ $# -gt 0 ]; then
    for m in "$@"; do check_one "$m"; done >"$tmp/results"
else
    # two at a time: each model's lines are printed whole by its own job
    export pplbench tmp want_names want_values
    ls "$root"/corpus/*.stan "$root"/tests/run/models/*.stan |
        xargs -P 2 -n 1 sh -c "$(sed -n '/^check_one() {/,/^}/p' "$0")
check_one \"\$1\"" check >"$tmp/results"
fi
sort "$tmp/results"
passed=$(grep -c ': ok$' "$tmp/results")
failed=$(grep -c ': FAILED' "$tmp/results")
skipped=$(grep -c ': skipped' "$tmp/results")
echo "outputs: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
