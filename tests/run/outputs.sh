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
want_names='zz_t:1,zz_t:2,zz_c.real,zz_c.imag'
want_names="$want_names,zz_a.1:1,zz_a.1:2.1,zz_a.1:2.2,zz_a.2:1,zz_a.2:2.1"
want_names="$want_names,zz_a.2:2.2,zz_m.1.1,zz_m.2.1,zz_m.1.2,zz_m.2.2"
want_names="$want_names,zz_m.1.3,zz_m.2.3"
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

# tests/run/models/tuple_arrays: arrays of tuples as data, transformed
# data, parameters, transformed parameters, model-block locals and
# generated quantities.  Its header in CmdStan's order; each draw's
# transformed parameters and generated quantities against the values
# computed by hand from the draw's parameters and the data (s[1].1 =
# 2 * 1.5 = 3, s[2].2 = 3 + 4.5 = 7.5); the gradient at a point given
# constrained, named in Stan's unconstrained order (the parameters' slots
# element by element, row-major: stan::io::deserializer reads a
# std::vector's elements and a std::tuple's slots in turn), with the
# values of the hand-computed derivative (jacobian=0, constants dropped:
# d/du of -x for x = exp(u) is -x; of a normal, (mu - y) per slot).
check_tuple_model() {
    d="$tmp/tuple_model"
    mkdir -p "$d"
    m="$root/tests/run/models/tuple_arrays"
    if ! PPLBENCH_CFLAGS=-O0 "$pplbench" build "$m.stan" -o "$d/t" \
        >"$d/build.out" 2>&1; then
        echo "outputs tuple_model: FAILED: $(grep -m1 -i error "$d/build.out")"
        return
    fi
    if ! (cd "$d" && ./t sample num_samples=20 num_warmup=50 random seed=3 \
        data file="$m.data.json" output file=o.csv >/dev/null 2>&1); then
        echo "outputs tuple_model: FAILED: sampling failed"
        return
    fi
    header=$(grep -v '^#' "$d/o.csv" | sed -n 1p | cut -d, -f8-)
    want='x.1:1,x.1:2.1,x.1:2.2,x.2:1,x.2:2.1,x.2:2.2'
    want="$want,y.1.1:1,y.1.1:2,y.2.1:1,y.2.1:2,y.1.2:1,y.1.2:2,y.2.2:1,y.2.2:2"
    want="$want,tp.1:1,tp.1:2,tp.2:1,tp.2:2"
    # g is column-major: g.1.1, g.2.1, g.1.2, ...
    for j in 1 2 3; do
        for i in 1 2; do
            g="g.$i.$j"
            want="$want,$g:1,$g:2:1,$g:2:2.real,$g:2:2.imag"
        done
    done
    want="$want,h:1,h:2.1:1,h:2.1:2,h:2.2:1,h:2.2:2"
    if [ "$header" != "$want" ]; then
        echo "outputs tuple_model: FAILED: header $header"
        return
    fi
    bad=$(grep -v '^#' "$d/o.csv" | sed 1d | cut -d, -f8- | awk -F, '
        function near(a, b) { return (a - b) ^ 2 <= 1e-10 * (1 + b ^ 2) }
        {
            # x[i].1 > 0; y[i, j].2 in (-1, 1)
            if ($1 <= 0 || $4 <= 0) { print "x.?:1 " $1 " " $4; exit }
            for (k = 8; k <= 14; k += 2)
                if ($k <= -1 || $k >= 1) { print "y slot 2 " $k; exit }
            # tp[i] = (x[i].1 + s[1].1, x[i].2[1] * x[i].2[2])
            if (!near($15, $1 + 3) || !near($16, $2 * $3) \
                || !near($17, $4 + 3) || !near($18, $5 * $6)) {
                print "tp " $15 " " $16 " " $17 " " $18; exit
            }
            # g[i, j] = (10 i + j, (i * 7.5, j + i i)), column-major
            c = 19
            for (j = 1; j <= 3; j++) for (i = 1; i <= 2; i++) {
                if ($c != 10 * i + j || $(c + 1) != 7.5 * i \
                    || $(c + 2) != j || $(c + 3) != i) {
                    print "g." i "." j " " $c " " $(c + 1); exit
                }
                c += 4
            }
            # h = (td.2[1].1, {(td.1, 1.5), (td.2[2].2, 2.5)})
            if ($c != 0.25 || $(c + 1) != 7 || $(c + 2) != 1.5 \
                || $(c + 3) != 4 || $(c + 4) != 2.5) { print "h"; exit }
        }')
    if [ -n "$bad" ]; then
        echo "outputs tuple_model: FAILED: values: $bad"
        return
    fi
    cat >"$d/c.json" <<'JSON'
{"x": [{"1": 0.5, "2": [0.1, 0.2]}, {"1": 2.0, "2": [0.3, 0.4]}],
 "y": [[{"1": 1, "2": 0.5}, {"1": 2, "2": 0}],
       [{"1": 3, "2": -0.5}, {"1": 4, "2": 0.25}]]}
JSON
    if ! (cd "$d" && ./t log_prob constrained_params=c.json jacobian=0 \
        data file="$m.data.json" output file=lp.csv >/dev/null 2>&1); then
        echo "outputs tuple_model: FAILED: log_prob failed"
        return
    fi
    got=$(grep -v '^#' "$d/lp.csv" | tr '\n' ' ')
    want='lp__,g_x.1:1,g_x.1:2.1,g_x.1:2.2,g_x.2:1,g_x.2:2.1,g_x.2:2.2'
    want="$want,g_y.1.1:1,g_y.1.1:2,g_y.1.2:1,g_y.1.2:2,g_y.2.1:1,g_y.2.1:2"
    want="$want,g_y.2.2:1,g_y.2.2:2 -33.8875,-0.5,0.9,1.8,-2,2.7,4.1,-0.75,0"
    want="$want,-2.5,0,-2.75,0,-4.5,0 "
    if [ "$got" != "$want" ]; then
        echo "outputs tuple_model: FAILED: log_prob $got"
        return
    fi
    echo "outputs tuple_model: ok"
}
[ $# -eq 0 ] && check_tuple_model >>"$tmp/results"

# tests/run/models/tuple_nested_arrays: arrays of tuples inside a tuple
# inside an array.  h's columns (CmdStan's order: the outer array's
# elements in turn, each tuple whole, the inner array[2, 2] column-major)
# and values (h[i] = (i, {(10 i + j, k + 0.5)}) by hand); the gradient's
# columns in Stan's unconstrained order (the deserializer reads p[1].1,
# p[1].2[1].1, p[1].2[1].2[1:2], p[1].2[2] ..., then p[2]) with the
# values of the hand-computed derivative at a given point (jacobian=0:
# -x for p[i].1 ~ normal(0, 1); d[i].2[j].1 - x for the inner real;
# p[i].1 - x for the vector, whose scale is 2: (p[i].1 - x) / 4, and
# the vector's mean p[i].1 collects those).
check_nested_model() {
    d="$tmp/nested_model"
    mkdir -p "$d"
    m="$root/tests/run/models/tuple_nested_arrays"
    if ! PPLBENCH_CFLAGS=-O0 "$pplbench" build "$m.stan" -o "$d/t" \
        >"$d/build.out" 2>&1; then
        echo "outputs nested_model: FAILED: $(grep -m1 -i error "$d/build.out")"
        return
    fi
    if ! (cd "$d" && ./t sample num_samples=1 num_warmup=10 random seed=3 \
        data file="$m.data.json" output file=o.csv >/dev/null 2>&1); then
        echo "outputs nested_model: FAILED: sampling failed"
        return
    fi
    got=$(grep -v '^#' "$d/o.csv" | awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == "h.1:1") at = i }
        { s = ""; for (i = at; i < at + 18; i++) s = s (i > at ? "," : "") $i
          print s }' | tr '\n' ' ')
    want='h.1:1,h.1:2.1.1:1,h.1:2.1.1:2,h.1:2.2.1:1,h.1:2.2.1:2,h.1:2.1.2:1'
    want="$want,h.1:2.1.2:2,h.1:2.2.2:1,h.1:2.2.2:2,h.2:1,h.2:2.1.1:1"
    want="$want,h.2:2.1.1:2,h.2:2.2.1:1,h.2:2.2.1:2,h.2:2.1.2:1,h.2:2.1.2:2"
    want="$want,h.2:2.2.2:1,h.2:2.2.2:2"
    want="$want 1,11,1.5,12,1.5,11,2.5,12,2.5,2,21,1.5,22,1.5,21,2.5,22,2.5 "
    if [ "$got" != "$want" ]; then
        echo "outputs nested_model: FAILED: h $got"
        return
    fi
    cat >"$d/c.json" <<'JSON'
{"p": [{"1": 1, "2": [{"1": 0.5, "2": [1, 3]}, {"1": 0, "2": [0, 1]},
                      {"1": 2, "2": [1, 1]}]},
       {"1": -1, "2": [{"1": 4, "2": [-1, -1]}, {"1": 5, "2": [1, 1]},
                       {"1": 7, "2": [-1, 3]}]}]}
JSON
    if ! (cd "$d" && ./t log_prob constrained_params=c.json jacobian=0 \
        data file="$m.data.json" output file=lp.csv >/dev/null 2>&1); then
        echo "outputs nested_model: FAILED: log_prob failed"
        return
    fi
    got=$(grep -v '^#' "$d/lp.csv" | cut -d, -f2- | tr '\n' ' ')
    want='g_p.1:1,g_p.1:2.1:1,g_p.1:2.1:2.1,g_p.1:2.1:2.2,g_p.1:2.2:1'
    want="$want,g_p.1:2.2:2.1,g_p.1:2.2:2.2,g_p.1:2.3:1,g_p.1:2.3:2.1"
    want="$want,g_p.1:2.3:2.2,g_p.2:1,g_p.2:2.1:1,g_p.2:2.1:2.1"
    want="$want,g_p.2:2.1:2.2,g_p.2:2.2:1,g_p.2:2.2:2.1,g_p.2:2.2:2.2"
    want="$want,g_p.2:2.3:1,g_p.2:2.3:2.1,g_p.2:2.3:2.2"
    want="$want -0.75,0.5,0,-0.5,2,0.25,0,1,0,0,3,0,0,0,0,-0.5,-0.5,-1,0,-1 "
    if [ "$got" != "$want" ]; then
        echo "outputs nested_model: FAILED: log_prob $got"
        return
    fi
    echo "outputs nested_model: ok"
}
[ $# -eq 0 ] && check_nested_model >>"$tmp/results"

# A model whose generated quantities call user functions returning
# containers of any rank: the columns from FIRST to the end of a draw,
# names and values, against the hand-computed ones the model's comments
# give (CmdStan's order: column-major, complex as .real and .imag).
#   check_gq_values NAME FIRST WANT_NAMES WANT_VALUES
check_gq_values() {
    d="$tmp/gq_$1"
    mkdir -p "$d"
    m="$root/tests/run/models/$1"
    if ! PPLBENCH_CFLAGS=-O0 "$pplbench" build "$m.stan" -o "$d/t" \
        >"$d/build.out" 2>&1; then
        echo "outputs $1 values: FAILED: $(grep -m1 -i error "$d/build.out")"
        return
    fi
    if ! (cd "$d" && ./t sample num_samples=1 num_warmup=10 random seed=3 \
        data file="$m.data.json" output file=o.csv >run.out 2>&1); then
        echo "outputs $1 values: FAILED: sampling failed"
        return
    fi
    got=$(grep -v '^#' "$d/o.csv" | awk -F, -v first="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == first) at = i }
        { if (!at) { print "absent"; exit }
          s = ""; for (i = at; i <= NF; i++) s = s (i > at ? "," : "") $i
          print s }' | tr '\n' ' ')
    if [ "$got" != "$3 $4 " ]; then
        echo "outputs $1 values: FAILED: $got"
        return
    fi
    echo "outputs $1 values: ok"
}
if [ $# -eq 0 ]; then
    # tests/run/models/fun_returns_rank: array[,] real, array[,] int,
    # array[] matrix, array[,] vector, array[,,] real results
    n='gq_g.1.1,gq_g.2.1,gq_g.3.1,gq_g.1.2,gq_g.2.2,gq_g.3.2'
    n="$n,gq_c.1.1,gq_c.2.1,gq_c.1.2,gq_c.2.2,gq_c.1.3,gq_c.2.3"
    for j in 1 2 3; do for i in 1 2; do for k in 1 2; do
        n="$n,gq_m.$k.$i.$j"; done; done; done
    for e in 1 2; do for j in 1 2; do for i in 1 2; do
        n="$n,gq_v.$i.$j.$e"; done; done; done
    for k in 1 2; do for j in 1 2 3; do for i in 1 2; do
        n="$n,gq_cube.$i.$j.$k"; done; done; done
    n="$n,gq_t,gq_u"
    v='1,4,9,0.5,1,1.5,11,21,12,22,13,23'
    v="$v,1,2,4,8,2,4,5,10,3,6,6,12,1,3,2,4,-1,-3,-2,-4"
    v="$v,222,422,242,442,262,462,224,424,244,444,264,464,36,46"
    check_gq_values fun_returns_rank gq_g.1.1 "$n" "$v" >>"$tmp/results"
    # tests/run/models/fun_returns_complex_rank: complex ones
    n=''
    for j in 1 2; do for i in 1 2; do
        n="$n,gq_z.$i.$j.real,gq_z.$i.$j.imag"; done; done
    for e in 1 2; do for i in 1 2; do
        n="$n,gq_v.$i.$e.real,gq_v.$i.$e.imag"; done; done
    for j in 1 2; do for k in 1 2; do
        n="$n,gq_m.$k.1.$j.real,gq_m.$k.1.$j.imag"; done; done
    n="${n#,},gq_t.real,gq_t.imag,gq_n,gq_r.real,gq_r.imag"
    v='-1,1,-1,2,-2,1,-2,2,1,1,1,-1,2,2,4,-2,1,2,1,1,2,4,2,2'
    v="$v,15,20,19,12,6"
    check_gq_values fun_returns_complex_rank gq_z.1.1.real "$n" "$v" \
        >>"$tmp/results"
fi

sort "$tmp/results"
passed=$(grep -c ': ok$' "$tmp/results")
failed=$(grep -c ': FAILED' "$tmp/results")
skipped=$(grep -c ': skipped' "$tmp/results")
echo "outputs: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
