#!/bin/sh
# sampler.sh - an emitted sampler's behaviour outside the numbers, on
# corpus/eight_schools_centered.stan and two tiny models written here:
#   determinism  same seed, data and binary give byte-identical draws (the
#                CSV without its # comments, which carry timings); another
#                seed gives other draws;
#   bad data     malformed JSON, a missing variable, a wrong size, a value
#                breaking its constraint, a missing file: each an exact
#                message on stderr, a non-zero exit and no output file;
#   rejection    reject() and a NaN log density in part of the space are
#                rejected proposals: exit 0, every draw written, none in
#                the forbidden region;
#   cc failure   a C compiler that fails: pplbench build exits non-zero,
#                shows the compiler's output and leaves no executable;
#   kill         a sampler killed by SIGTERM mid-run leaves nothing under
#                the output's final name, and an earlier OUT.csv intact;
#   complex      complex outputs are two columns per element named as
#                CmdStan names them (z.real, z.imag, M.2.1.real, ...),
#                column-major, with the values of complex data read from
#                [re, im] pairs; a complex value that depends on parameters
#                in the model block is refused with the backend's message;
#                the complex linear algebra runs in generated quantities
#                (tests/run/models/complex_linalg.stan checks its
#                identities) and writes tuple(complex_matrix, ...) outputs.
# Ends with "sampler: N passed, N failed, N skipped".
#
#   sh tests/run/sampler.sh BUILD_DIR
build=${1:-build}
# the messages compared below are the C locale's (strerror)
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 1
passed=0; failed=0; skipped=0

pass() { passed=$((passed + 1)); echo "sampler $1: ok"; }
fail() { failed=$((failed + 1)); echo "sampler $1: FAILED: $2"; }

# The draws of a Stan CSV: every line but the # comments.
draws() { grep -v '^#' "$1"; }

# Builds MODEL.stan into ./NAME; returns 1 (after counting a skip or a
# failure) when it does not build.
build_model() {
    if "$pplbench" build "$1" -o "$2" >"$2.build" 2>&1; then
        return 0
    fi
    if grep -q '^Error: the C backend does not compile' "$2.build"; then
        skipped=$((skipped + 1))
        echo "sampler $2: skipped: $(grep -m1 '^Error' "$2.build")"
    else
        fail "$2" "pplbench build failed"
        head -10 "$2.build"
    fi
    return 1
}

# The number of draws of a CSV and the largest value of column COL, or
# of |COL| when ABS is 1: column_extent CSV COL ABS.
column_extent() {
    draws "$1" | awk -F, -v col="$2" -v abs="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
        { a = abs && $c < 0 ? -$c : $c; if (n == 0 || a > m) m = a; n++ }
        END { print n + 0, m + 0 }'
}

# ------------------------------------------------------------ determinism
data="$root/corpus/eight_schools_centered.data.json"
if build_model "$root/corpus/eight_schools_centered.stan" es; then
    run() {   # run SEED OUT
        ./es sample num_samples=200 num_warmup=200 data file="$data" \
            random seed="$1" output file="$2" refresh=0 >/dev/null 2>&1
    }
    if run 1 a.csv && run 1 b.csv && run 2 c.csv; then
        draws a.csv >a.draws; draws b.csv >b.draws; draws c.csv >c.draws
        if [ "$(wc -l <a.draws)" -ne 201 ]; then
            fail determinism "expected a header and 200 draws, found $(wc -l <a.draws) lines"
        elif ! cmp -s a.draws b.draws; then
            fail determinism "seed 1 twice gives different draws"
            diff a.draws b.draws | head -4
        elif cmp -s a.draws c.draws; then
            fail determinism "seeds 1 and 2 give the same draws"
        else
            pass determinism
        fi
    else
        fail determinism "the sampler exited non-zero"
    fi

    # ------------------------------------------------------- bad data
    # expect_error NAME DATA_FILE EXPECTED_STDERR
    expect_error() {
        rm -f o.csv o.csv.tmp
        ./es sample data file="$2" random seed=1 output file=o.csv \
            refresh=0 >/dev/null 2>err.txt
        rc=$?
        if [ $rc -eq 0 ]; then
            fail "$1" "exit 0 on bad data"
        elif [ "$(cat err.txt)" != "$3" ]; then
            fail "$1" "unexpected message"
            printf 'want: %s\ngot:  %s\n' "$3" "$(cat err.txt)"
        elif [ -e o.csv ] || [ -e o.csv.tmp ]; then
            fail "$1" "an output file was written"
        else
            pass "$1"
        fi
    }
    good_y='"y": [28, 8, -3, 7, -1, 1, 18, 12]'
    good_sigma='"sigma": [15, 10, 16, 11, 9, 11, 10, 18]'
    where='Error in the data or transformed data of eight_schools_centered_model:'

    printf '{"J": 8, "y": [28, 8\n' >malformed.json
    expect_error data-malformed malformed.json \
        "Error reading data: malformed.json, line 2, column 0: ']' expected near end of file"

    printf '{"J": 8, %s}\n' "$good_y" >missing.json
    expect_error data-missing-variable missing.json \
        "$where
variable sigma not found"

    printf '{"J": 8, "y": [28, 8, -3, 7, -1, 1, 18], %s}\n' "$good_sigma" \
        >size.json
    expect_error data-wrong-size size.json \
        "$where
mismatch in dimension 1 of variable y: declared 8, found 7"

    # Stan's own wording, bound printed with %f as Stan Math prints it
    printf '{"J": 8, %s, "sigma": [15, 10, 16, -11, 9, 11, 10, 18]}\n' \
        "$good_y" >negative.json
    expect_error data-constraint negative.json \
        "$where
sigma[4] is -11, but must be greater than or equal to 0.000000"

    expect_error data-no-file absent.json \
        "Error reading data: cannot open absent.json: No such file or directory"

    # ------------------------------------------------------------ kill
    # kill_run: a run far longer than the timeout, killed by SIGTERM after
    # a second; true when the timeout did kill it.
    kill_run() {
        timeout -s TERM 1 ./es sample num_samples=100000000 num_warmup=100 \
            data file="$data" random seed=1 output file=k.csv refresh=0 \
            >/dev/null 2>&1
        rc=$?
        [ $rc -eq 124 ] && return 0
        fail kill "the run was not killed by the timeout (exit $rc)"
        return 1
    }
    # An earlier result under the final name survives the kill untouched;
    # without one, nothing appears under the final name.
    check_kill() {
        echo "an earlier result" >k.csv
        kill_run || return
        if [ "$(cat k.csv)" != "an earlier result" ]; then
            fail kill "k.csv was overwritten by the killed run"
            return
        fi
        rm k.csv
        kill_run || return
        if [ -e k.csv ]; then
            fail kill "k.csv exists after the run was killed"
            return
        fi
        # rt_main writes a temporary k.csv.XXXXXX and renames it when
        # done; on SIGTERM the runtime removes the partial temporary
        for left in k.csv.*; do
            if [ -e "$left" ]; then
                fail kill "the partial $left is left behind ($(wc -c \
                    <"$left") bytes)"
                return
            fi
        done
        pass kill
    }
    if command -v timeout >/dev/null; then
        check_kill
    else
        skipped=$((skipped + 1))
        echo "sampler kill: skipped: no timeout command"
    fi
fi

# ------------------------------------------------------------- rejection
# Proposals beyond x = 1 are rejected by reject() in one model, beyond
# |x| = 1 by a NaN log density in the other: sampling must finish with all
# its draws, none of them in the rejected region.
cat >reject.stan <<'EOF'
parameters {
  real x;
}
model {
  x ~ normal(0, 1);
  if (x > 1) reject("too far: ", x);
}
EOF
cat >nan.stan <<'EOF'
parameters {
  real x;
}
model {
  target += log(1 - square(x));
}
EOF
for name in reject nan; do
    abs=0; [ $name = nan ] && abs=1
    build_model "$name.stan" "$name" || continue
    if ! ./"$name" sample num_samples=1000 num_warmup=1000 random seed=1 \
        output file="$name.csv" refresh=0 >"$name.out" 2>&1; then
        fail "$name" "the sampler exited non-zero"
        tail -3 "$name.out"
        continue
    fi
    column_extent "$name.csv" x $abs >"$name.extent"
    read -r ndraws xmax <"$name.extent"
    if [ "$ndraws" -ne 1000 ]; then
        fail "$name" "$ndraws draws of 1000"
    elif awk -v m="$xmax" 'BEGIN { exit !(m > 1) }'; then
        fail "$name" "a draw in the rejected region, at $xmax"
    else
        pass "$name"
    fi
done

# --------------------------------------------------------------- complex
cat >cplx.stan <<'EOF'
data {
  complex z;
}
parameters {
  real x;
}
model {
  x ~ normal(0, 1);
}
generated quantities {
  complex c = z;
  complex_vector[2] v = [z, 2 * z]';
  complex_matrix[2, 3] M = [[z, 2i, 4], [1, 3, 5i]];
  array[2] complex a = {z, conj(z)};
  real r = norm(z);
}
EOF
printf '{"z": [1, 2]}\n' >cplx.json
if build_model cplx.stan cplx; then
    want_names=x,c.real,c.imag,v.1.real,v.1.imag,v.2.real,v.2.imag
    for ij in 1.1 2.1 1.2 2.2 1.3 2.3; do
        want_names="$want_names,M.$ij.real,M.$ij.imag"
    done
    want_names="$want_names,a.1.real,a.1.imag,a.2.real,a.2.imag,r"
    want_values='1,2,1,2,2,4,1,2,1,0,0,2,3,0,4,0,0,5,1,2,1,-2,5'
    if ! ./cplx sample num_samples=5 num_warmup=5 data file=cplx.json \
        random seed=1 output file=cplx.csv refresh=0 >cplx.out 2>&1; then
        fail complex "the sampler exited non-zero"
        tail -3 cplx.out
    else
        # the columns from x on: the header and the first draw without x
        draws cplx.csv | sed -n 1p | sed 's/^.*,energy__,//' >names.got
        draws cplx.csv | sed -n 2p | cut -d, -f9- >values.got
        if [ "$(cat names.got)" != "$want_names" ]; then
            fail complex "output names"
            printf 'want: %s\ngot:  %s\n' "$want_names" "$(cat names.got)"
        elif [ "$(cat values.got)" != "$want_values" ]; then
            fail complex "output values"
            printf 'want: %s\ngot:  %s\n' "$want_values" "$(cat values.got)"
        else
            pass complex
        fi
    fi
fi
# a complex value of the parameters carries derivatives (backend/
# emit_complex_adj.c; it was refused): target = -|mu + i|^2 is
# -(mu^2 + 1), so mu is normal(0, 1/sqrt(2)) and its mean over 1000
# draws is within 0.15 of 0 (about 5 standard errors)
cat >cplx_param.stan <<'EOF'
parameters {
  real mu;
}
model {
  complex w = to_complex(mu, 1);
  target += -norm(w);
}
EOF
if build_model cplx_param.stan cplx_param; then
    if ! ./cplx_param sample num_samples=1000 num_warmup=500 random seed=3 \
        output file=cplx_param.csv >cplx_param.out 2>&1; then
        fail complex-param "the sampler failed"
        tail -5 cplx_param.out
    else
        mean=$(draws cplx_param.csv | awk -F, '
            NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mu") c = i; next }
            { s += $c; n++ } END { printf "%.4f", s / n }')
        if awk -v m="$mean" 'BEGIN { exit !(m > -0.15 && m < 0.15) }'; then
            pass complex-param
        else
            fail complex-param "the mean of mu is $mean, expected 0 +- 0.15"
        fi
    fi
fi

# the complex linear algebra in generated quantities, on matrices built
# from the parameter (tests/run/models/complex_linalg.stan rejects a draw
# whose identities fail: the sampler prints the message and goes on), a
# tuple(complex_matrix, complex_matrix) output and a triangular T
cl="$root/tests/run/models/complex_linalg"
if build_model "$cl.stan" cl; then
    if ! ./cl sample num_samples=20 num_warmup=20 data file="$cl.data.json" \
        random seed=3 output file=cl.csv refresh=0 >cl.out 2>&1; then
        fail complex-linalg "the sampler exited non-zero"
        tail -3 cl.out
    else
        draws cl.csv | sed -n 1p | tr , '\n' >cl.names
        col=$(grep -n '^schur:2\.2\.1\.real$' cl.names | cut -d: -f1)
        if grep -q 'complex_linalg: check' cl.out; then
            fail complex-linalg "an identity failed"
            grep -m3 'complex_linalg: check' cl.out
        elif [ "$(draws cl.csv | wc -l)" -ne 21 ]; then
            fail complex-linalg "not 20 draws"
        elif [ -z "$col" ] || ! grep -q '^usv:3\.2\.2\.imag$' cl.names; then
            fail complex-linalg "output names"
            tr '\n' ' ' <cl.names
        elif [ "$(draws cl.csv | sed 1d | cut -d, -f"$col" | sort -u)" != 0 ]; then
            fail complex-linalg "T[2, 1] of the Schur form is not 0"
        else
            pass complex-linalg
        fi
    fi
fi

# ------------------------------------------------- print in a user function
# once per evaluation of the log density, as in Stan: the reverse function
# that recomputes a function's values (and those of the functions it
# calls) does not print again
cat >printfn.stan <<'EOF'
functions {
  real noisy(real s) {
    print("noisy: s = ", s);
    return s;
  }
  real outer(real s) {
    print("outer");
    return noisy(s) * 2;
  }
}
parameters {
  real<lower=0> sigma;
}
model {
  real unused = outer(sigma);
  sigma ~ exponential(1);
}
EOF
echo '{"sigma": 1.5}' >printfn.json
if build_model printfn.stan printfn; then
    ./printfn log_prob constrained_params=printfn.json jacobian=1 \
        output file=printfn.csv >printfn.out 2>&1
    if [ "$(grep -c '^noisy: s = 1.5$' printfn.out)" = 1 ] &&
       [ "$(grep -c '^outer$' printfn.out)" = 1 ]; then
        pass print-once
    else
        fail print-once "a print in a user function is not printed once"
        grep -c 'noisy' printfn.out
    fi
fi

# ------------------------------------------------------------ cc failure
printf '#!/bin/sh\necho "boom: cannot compile" >&2\necho "boom on stdout"\nexit 1\n' \
    >failing-cc
chmod +x failing-cc
if CC="$tmp/failing-cc" "$pplbench" build reject.stan -o cc-fail \
    >cc.out 2>&1; then
    fail cc-failure "pplbench build exited 0 with a failing compiler"
elif ! grep -qx 'Error: the C compiler failed on cc-fail.c (exit 1):' cc.out ||
     ! grep -qx 'boom: cannot compile' cc.out ||
     ! grep -qx 'boom on stdout' cc.out; then
    fail cc-failure "the compiler's failure or output is not shown"
    cat cc.out
elif [ -e cc-fail ] || [ -e cc-fail.tmp ]; then
    fail cc-failure "an executable was left behind"
else
    pass cc-failure
fi

echo "sampler: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
