#!/bin/sh
# model_bench.sh - the speed of pplbench's emitted samplers on the bench
# models (make bench).
#
#   sh tests/bench/model_bench.sh BUILD_DIR [BENCH_DIR]
#
# BENCH_DIR (default: the repo's ../shared/bench) holds models/NAME.stan,
# data/NAME.json and the hand-written C of handc/.  For each model:
#
#  1. emit the C (pplbench --o) and time `cc -std=c11 FLAGS -c` of it,
#     FLAGS those of `pplbench --print-model-cflags` (-O2 and
#     reassociation), best of 3 (compile_s);
#  2. link the emitted model and handc/NAME.c into tests/bench/grad_bench.c,
#     check that both agree at handc's fixed point, then time both
#     interleaved in one process (grad_ratio = emitted ns / handc ns);
#  3. with valgrind, callgrind's instruction count per evaluation of each;
#  4. build the sampler (pplbench build) and run NUTS, 1 chain, 1000 warm-up
#     and 1000 draws, seed 1: wall seconds, total leapfrog steps, minimum
#     bulk ESS and ESS per 1000 gradients.
#
# One line per model and level, `bench NAME level=L grad_ratio=R
# compile_s=S` (L in O0, O1, Oexperimental: 5. emits with --O1 and
# --Oexperimental and repeats 1-2 once), or why it was skipped, after its
# detail lines; then two tables (O0) beside Stan's figures.
# Files go to BUILD_DIR/bench/NAME/, the table rows to
# BUILD_DIR/bench/results.txt.  Models the backend does not compile yet are
# reported and skipped.  Timings are figures, never checked: the exit status
# is 1 only when something is wrong (a model's C fails to emit for another
# reason or to compile, the two sides disagree, a program fails).

build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=${2:-$root/../shared/bench}
case $build in /*) ;; *) build=$root/$build ;; esac
LC_ALL=C
export LC_ALL

if [ ! -d "$bench/models" ]; then
    echo "bench models: $bench/models not found, skipped"
    exit 0
fi
bench=$(cd "$bench" && pwd)
pplbench=$build/pplbench
cc=${CC:-cc}
# the emitted C is compiled as `pplbench build` compiles it
model_cflags=$("$pplbench" --print-model-cflags) || exit 2
libs="$(pkg-config --libs gsl jansson 2>/dev/null || echo -lgsl -lgslcblas -ljansson) -lm"
out=$build/bench
mkdir -p "$out" || exit 2
results=$out/results.tmp
: >"$results"

# Stan's figures, copied from ../shared/bench/README.md ("Measured on this
# machine"): Stan 2.21 C++ at -O3 and hand-C at -O2, gradient ns and Ir
# (instructions) per evaluation, Stan's C++ build seconds, NUTS (1 chain,
# 1000 warm-up + 1000 draws) warm-up and sampling seconds, minimum bulk ESS
# and ESS per 1000 gradients.
stan_figures() {
    cat <<'EOF'
# model          grad_ns handc_ns ir      ir_handc build_s warmup_s sampling_s min_ess ess_1k
eight_schools_nc 400     21.8     6810    349      29.0    0.016    0.018      554     25.1
logistic         265199  200665   4275582 2226402  31.3    3.20     2.72       1113    74.3
hier_radon       37391   1785     473832  37980    29.0    1.00     0.52       943     43.0
ar1_loop         41698   1592     688640  29165    25.7    0.46     0.44       565     50.9
gp_chol          35154   20680    668306  317173   32.4    0.25     0.27       733     70.5
loop_invariant   112624  1587     1459426 28884    24.6    10.9     18.3       66      0.4
EOF
}

# Nanoseconds since the epoch (whole seconds where date lacks %N).
now_ns() {
    t=$(date +%s%N)
    case $t in *N) t=$(date +%s)000000000 ;; esac
    echo "$t"
}

# The value of KEY in a line of KEY=VALUE words.
field() {
    echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -1
}

# NUTS for one model (MODEL DATA DIR NAME): 1 chain, 1000 warm-up + 1000
# draws, seed 1; prints its figures and leaves them in nuts_row.
run_nuts() {
    model=$1 data=$2 dir=$3 name=$4
    exe=$dir/$name.sampler
    csv=$dir/$name.csv
    if ! "$pplbench" build "$model" -o "$exe" >"$dir/build.log" 2>&1; then
        echo "  NUTS: FAILED: pplbench build ($(head -1 "$dir/build.log"))"
        nuts_row="nuts=build_failed"
        return 1
    fi
    t0=$(now_ns)
    if ! "$exe" sample num_samples=1000 num_warmup=1000 save_warmup=1 \
            data file="$data" random seed=1 output file="$csv" refresh=0 \
            >"$dir/sample.log" 2>&1; then
        echo "  NUTS: FAILED: the sampler exits non-zero" \
             "($(tail -1 "$dir/sample.log"))"
        nuts_row="nuts=sample_failed"
        return 1
    fi
    wall=$(awk -v t="$(( $(now_ns) - t0 ))" 'BEGIN { printf "%.3f", t / 1e9 }')
    # warm-up and sampling seconds from the timing comments; leapfrog steps
    # summed over all 2000 iterations (save_warmup=1)
    nuts=$(awk -F, '
        /^#/ {
            if (match($0, /[0-9.e+-]+ seconds \(Warm-up\)/))
                warm = substr($0, RSTART, RLENGTH) + 0
            if (match($0, /[0-9.e+-]+ seconds \(Sampling\)/))
                samp = substr($0, RSTART, RLENGTH) + 0
            next
        }
        !col { for (i = 1; i <= NF; i++) if ($i == "n_leapfrog__") col = i;
               next }
        { steps += $col; rows++ }
        END { printf "warmup_s=%s sampling_s=%s leapfrog=%d iterations=%d",
                     warm, samp, steps, rows }' "$csv")
    # minimum bulk ESS over the model's columns (not the sampler's *__)
    min_ess=$("$pplbench" summary "$csv" 2>/dev/null | awk '
        /^Samples were drawn/ { done = 1 }
        done { next }
        /ESS_bulk/ && !k { for (i = 1; i <= NF; i++) if ($i == "ESS_bulk") k = i;
                           next }
        k && NF > k && $1 !~ /__$/ && $(k + 1) != "nan" {
            v = $(k + 1) + 0
            if (min == "" || v < min) min = v
        }
        END { print (min == "" ? "n/a" : min) }')
    steps=$(field leapfrog "$nuts")
    per1000=$(awk -v e="$min_ess" -v s="$steps" 'BEGIN {
        if (e == "n/a" || s + 0 == 0) print "n/a"; else printf "%.1f", 1000 * e / s }')
    echo "  NUTS: wall $wall s, warm-up $(field warmup_s "$nuts") s +" \
         "sampling $(field sampling_s "$nuts") s, $steps leapfrog steps in" \
         "$(field iterations "$nuts") iterations, min ESS_bulk $min_ess," \
         "$per1000 ESS per 1000 gradients"
    nuts_row="nuts_wall=$wall $nuts min_ess=$min_ess ess_per_1000=$per1000"
}

# One optimization level of one model (MODEL DATA DIR NAME LEVEL): emit
# with --LEVEL, time the C compile once, time the gradient against handc
# as step 2 does; prints `bench NAME level=LEVEL grad_ratio=R compile_s=S`.
level_figures() {
    model=$1 data=$2 dir=$3 name=$4 level=$5
    c=$dir/$name.$level.c
    if ! "$pplbench" "--$level" --o="$c" "$model" >"$dir/emit.$level.log" 2>&1
    then
        echo "bench $name level=$level FAILED to emit C" \
             "($(head -1 "$dir/emit.$level.log"))"
        return 1
    fi
    t0=$(now_ns)
    # shellcheck disable=SC2086  # words on purpose
    if ! $cc -std=c11 $model_cflags -I"$root/runtime" -c "$c" \
            -o "$dir/$name.$level.o" 2>"$dir/cc.$level.log"; then
        echo "bench $name level=$level FAILED: the emitted C does not compile"
        return 1
    fi
    lcompile=$(awk -v t="$(( $(now_ns) - t0 ))" 'BEGIN { printf "%.2f", t / 1e9 }')
    lratio=n/a
    if [ -f "$dir/handc.o" ]; then
        # shellcheck disable=SC2086  # words on purpose
        if $cc -std=c11 $model_cflags -g -I"$root/runtime" \
                -DMODEL_C="\"$c\"" "$root/tests/bench/grad_bench.c" \
                "$dir/handc.o" "$dir/handc_json.o" "$build/libpplrt.a" \
                $libs -o "$dir/grad_bench.$level" 2>>"$dir/harness.log"; then
            "$dir/grad_bench.$level" time "$data" >"$dir/grad.$level.log" 2>&1 \
                || { echo "  $level: the gradient disagrees with handc";
                     return 1; }
            line=$(grep '^grad_ns_' "$dir/grad.$level.log")
            [ -n "$line" ] && lratio=$(awk -v r="$(field grad_ratio "$line")" \
                                       'BEGIN { printf "%.2f", r }')
        fi
    fi
    echo "bench $name level=$level grad_ratio=$lratio compile_s=$lcompile"
}

status=0
# VALGRIND= (empty) skips the instruction counts, as a missing valgrind does
valgrind=${VALGRIND-valgrind}
have_valgrind=1
[ -n "$valgrind" ] && command -v "$valgrind" >/dev/null 2>&1 || have_valgrind=0
[ $have_valgrind -eq 1 ] ||
    echo "bench: no valgrind (VALGRIND='$valgrind'), instruction counts skipped"

for model in "$bench"/models/*.stan; do
    [ -f "$model" ] || { echo "bench: no models in $bench/models"; break; }
    name=$(basename "$model" .stan)
    data=$bench/data/$name.json
    dir=$out/$name
    rm -rf "$dir"
    mkdir -p "$dir" || { status=1; continue; }
    echo "== $name"

    # ---- 1. emit and time the C compile ----
    if ! "$pplbench" --o="$dir/$name.c" "$model" >"$dir/emit.log" 2>&1; then
        reason=$(grep -m1 '^Error' "$dir/emit.log")
        [ -n "$reason" ] || reason=$(head -1 "$dir/emit.log")
        if grep -q '^Error: the C backend does not compile' "$dir/emit.log"
        then
            echo "bench $name: not compiled yet ($reason)"
            echo "$name skip=not_compiled_yet" >>"$results"
        else
            echo "bench $name: FAILED to emit C ($reason)"
            echo "$name skip=emit_failed" >>"$results"
            status=1
        fi
        continue
    fi
    best=""
    for try in 1 2 3; do
        t0=$(now_ns)
        # shellcheck disable=SC2086  # words on purpose
        if ! $cc -std=c11 $model_cflags -I"$root/runtime" -c "$dir/$name.c" \
            -o "$dir/$name.o" 2>"$dir/cc.log"; then
            best=failed
            break
        fi
        t=$(( $(now_ns) - t0 ))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
    if [ "$best" = failed ]; then
        echo "bench $name: FAILED: the emitted C does not compile"
        sed 's/^/  /' "$dir/cc.log" | head -5
        echo "$name skip=cc_failed" >>"$results"
        status=1
        continue
    fi
    compile_s=$(awk -v t="$best" 'BEGIN { printf "%.2f", t / 1e9 }')
    echo "  C compile (-O2 and the model flags, -c, best of 3): $compile_s s," \
         "$(wc -l <"$dir/$name.c") lines"
    row="$name compile_s=$compile_s"

    # ---- 2. agreement and interleaved timing against handc ----
    ratio=n/a
    ns_e=""
    ns_h=""
    if [ ! -f "$bench/handc/$name.c" ]; then
        echo "  no handc/$name.c: gradient timing skipped"
    else
        rename="-Dmodel_load=handc_model_load -Dmodel_dim=handc_model_dim"
        rename="$rename -Dmodel_logp_grad=handc_model_logp_grad"
        rename="$rename -Djson_slurp=handc_json_slurp"
        rename="$rename -Djson_nums=handc_json_nums"
        rename="$rename -Djson_count=handc_json_count"
        # shellcheck disable=SC2086  # words on purpose
        if $cc -std=c11 -O2 $rename -c "$bench/handc/$name.c" \
                -o "$dir/handc.o" 2>"$dir/harness.log" &&
           $cc -std=c11 -O2 $rename -c "$bench/handc/json.c" \
                -o "$dir/handc_json.o" 2>>"$dir/harness.log" &&
           $cc -std=c11 $model_cflags -g -I"$root/runtime" \
                -DMODEL_C="\"$dir/$name.c\"" "$root/tests/bench/grad_bench.c" \
                "$dir/handc.o" "$dir/handc_json.o" "$build/libpplrt.a" \
                $libs -o "$dir/grad_bench" 2>>"$dir/harness.log"; then
            "$dir/grad_bench" time "$data" >"$dir/grad.log" 2>&1 || status=1
            grep -v '^grad_ns_' "$dir/grad.log"
            line=$(grep '^grad_ns_' "$dir/grad.log")
            if [ -n "$line" ]; then
                ns_e=$(field grad_ns_emitted "$line")
                ns_h=$(field grad_ns_handc "$line")
                ratio=$(awk -v r="$(field grad_ratio "$line")" \
                        'BEGIN { printf "%.2f", r }')
                row="$row ns_emitted=$ns_e ns_handc=$ns_h"
                row="$row agree=$(field agree "$line")"
            fi
        else
            echo "  FAILED: the harness does not build"
            sed 's/^/  /' "$dir/harness.log" | head -5
            status=1
        fi
    fi
    row="$row grad_ratio=$ratio"

    # ---- 3. instructions per evaluation (callgrind) ----
    if [ $have_valgrind -eq 1 ] && [ -n "$ns_e" ] && [ -n "$ns_h" ]; then
        for side in emitted handc; do
            [ $side = emitted ] && ns=$ns_e || ns=$ns_h
            # about 5 ms of native work: Ir per evaluation is repeatable
            n=$(awk -v ns="$ns" 'BEGIN { n = int(5e6 / ns);
                if (n < 3) n = 3; if (n > 100000) n = 100000; print n }')
            cg=$dir/callgrind.$side.out
            "$valgrind" --tool=callgrind --callgrind-out-file="$cg" \
                "--toggle-collect=loop_$side*" \
                "$dir/grad_bench" count $side "$n" "$data" \
                >"$dir/callgrind.$side.log" 2>&1
            total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$cg" 2>/dev/null)
            [ -n "$total" ] ||
                total=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$cg" 2>/dev/null)
            if [ -n "$total" ] && [ "$total" -gt 0 ]; then
                ir=$(awk -v t="$total" -v n="$n" \
                     'BEGIN { printf "%.0f", t / n }')
                row="$row ir_$side=$ir"
                echo "  callgrind $side: $ir Ir per evaluation ($n evaluations)"
            else
                echo "  callgrind $side: no count (see $dir/callgrind.$side.log)"
            fi
        done
    fi

    # ---- 4. NUTS ----
    nuts_row=""
    run_nuts "$model" "$data" "$dir" "$name" || status=1
    echo "$row $nuts_row" >>"$results"
    echo "bench $name level=O0 grad_ratio=$ratio compile_s=$compile_s"
    # ---- 5. the optimization levels: the same gradient timing ----
    for level in O1 Oexperimental; do
        level_figures "$model" "$data" "$dir" "$name" "$level" || status=1
    done
done

mv "$results" "$out/results.txt" || exit 2

# ---- the tables, beside Stan's figures ----
stan_figures | awk '
    NR == FNR { if ($1 !~ /^#/) stan[$1] = $0; next }
    function get(key,   i, kv) {
        for (i = 2; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == key) return kv[2]
        }
        return "-"
    }
    # field k of Stan'"'"'s row for model m ("-" for a model it lacks)
    function sf(m, k,   w) {
        if (!(m in stan)) return "-"
        split(stan[m], w, " ")
        return w[k]
    }
    function num(x) { return x ~ /^[0-9.e+-]+$/ }
    function ratio(a, b, fmt) {
        return num(a) && num(b) && b + 0 > 0 ? sprintf(fmt, a / b) : "-"
    }
    function secs(x) { return num(x) ? sprintf("%.3g", x) : "-" }
    {
        m = $1
        rows[++n] = m
        if (get("skip") != "-") { why[m] = get("skip"); next }
        if (get("agree") == "MISMATCH") mismatch = mismatch " " m
        e = get("ns_emitted"); h = get("ns_handc"); st = sf(m, 2)
        g[m] = sprintf("%-17s %10s %10s %6s %10s %6s %6s %10s %10s %10s %5s %6s",
            m, e, h, get("grad_ratio"), st, ratio(st, sf(m, 3), "%.1f"),
            ratio(e, st, "%.2f"), get("ir_emitted"), get("ir_handc"),
            sf(m, 4), get("compile_s"), sf(m, 6))
        if (get("nuts_wall") == "-")
            u[m] = sprintf("%-17s  NUTS not run (%s)", m, get("nuts"))
        else
            u[m] = sprintf("%-17s %7s %15s %9s %7s %7s   %15s %7s %7s",
                m, get("nuts_wall"),
                secs(get("warmup_s")) " + " secs(get("sampling_s")),
                get("leapfrog"), get("min_ess"), get("ess_per_1000"),
                m in stan ? sf(m, 7) " + " sf(m, 8) : "-", sf(m, 9),
                sf(m, 10))
    }
    END {
        print ""
        print "gradient: ns per log density + gradient (emitted and handc" \
              " timed in one process), Ir per evaluation (callgrind);"
        print "Stan columns copied from ../shared/bench/README.md" \
              " (Stan 2.21 at -O3, same machine)"
        printf "%-17s %10s %10s %6s %10s %6s %6s %10s %10s %10s %5s %6s\n",
            "model", "ns emitted", "ns handc", "e/h", "ns Stan", "Stan/h",
            "e/Stan", "Ir emitted", "Ir handc", "Ir Stan", "cc s",
            "Stan s"
        for (i = 1; i <= n; i++)
            if (rows[i] in g) print g[rows[i]]
            else printf "%-17s  skipped (%s)\n", rows[i], why[rows[i]]
        if (mismatch != "")
            print "the emitted gradient or log density DISAGREES with" \
                  " handc for:" mismatch
        print ""
        print "NUTS: 1 chain, 1000 warm-up + 1000 draws, seed 1; gradients" \
              " = leapfrog steps of all 2000 iterations;"
        print "Stan columns copied from ../shared/bench/README.md"
        printf "%-17s %7s %15s %9s %7s %7s   %15s %7s %7s\n", "model",
            "wall s", "warm + samp s", "leapfrog", "min ESS", "ESS/1kg",
            "Stan warm+samp", "ESS", "ESS/1kg"
        for (i = 1; i <= n; i++)
            if (rows[i] in u) print u[rows[i]]
            else printf "%-17s  skipped (%s)\n", rows[i], why[rows[i]]
    }' - "$out/results.txt"
exit $status
