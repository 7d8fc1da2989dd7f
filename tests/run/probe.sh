#!/bin/sh
# probe.sh - a sampler's probe method (runtime/probe.c), on small models
# written here, each built with pplbench build:
#   determinism  the same seed twice gives byte-identical files; another
#                seed other points; point k does not depend on points=K,
#                nor on the model (two models of one dimension share them)
#   log_prob     the log density with the Jacobian and its gradient agree
#                with the log_prob method at the probe's points
#   printed      a model's print text is recorded per evaluation, and
#                transformed data's once
#   rejections   reject, a library function's error, an index out of
#                range and fatal_error are
#                recorded with their class at the points where they
#                happen; a generated quantities reject and a transformed
#                data reject likewise (the file is still written, exit 0)
#   outputs      constrained values are the point's; _rng draws repeat
#                under the same seed and differ under another; a model
#                without parameters gets its generated quantities and
#                prints per point; NaN and infinities are strings
#   refusals     points out of range, an output file that is the data
#                file: exit 1 with the message, nothing written
# Ends with "probe: N passed, N failed, N skipped".
#
#   sh tests/run/probe.sh BUILD_DIR
build=${1:-build}
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 1
passed=0; failed=0; skipped=0

pass() { passed=$((passed + 1)); echo "probe $1: ok"; }
fail() { failed=$((failed + 1)); echo "probe $1: FAILED: $2"; }

# Builds NAME.stan into ./NAME; returns 1 (after counting a failure) when
# it does not build.
build_model() {
    if "$pplbench" build "$1.stan" -o "$1" >"$1.build" 2>&1; then
        return 0
    fi
    fail "$1" "pplbench build failed"
    head -10 "$1.build"
    return 1
}

# probe MODEL SEED POINTS OUT [DATA]: run the probe method.
probe() {
    if [ -n "$5" ]; then
        "./$1" probe points="$3" seed="$2" data file="$5" output file="$4"
    else
        "./$1" probe points="$3" random seed="$2" output file="$4"
    fi
}

# The probe file flattened to "PATH<TAB>VALUE" lines (PATH such as
# evaluations.2.log_density_jacobian.gradient.1), for the layout probe.c
# writes: one member or element per line (JSON_INDENT).  In an array a
# line is an element; in an object it starts with its key.
flat() {
    awk '
    {
        line = $0
        sub(/^ */, "", line)
        if (line == "}" || line == "]" || line == "},"|| line == "],") {
            depth--
            next
        }
        sub(/,$/, "", line)
        if (depth == 0) {
            key = ""; val = line
        } else if (type[depth] == "a") {
            key = idx[depth]++; val = line
        } else {
            match(line, /^"[^"]*": /)
            key = substr(line, 2, RLENGTH - 4); val = substr(line, RLENGTH + 1)
        }
        path = depth == 0 ? "" : prefix[depth] == "" ? key \
                                : prefix[depth] "." key
        if (val == "{" || val == "[") {
            depth++
            type[depth] = val == "{" ? "o" : "a"
            idx[depth] = 0
            prefix[depth] = path
            next
        }
        print path "\t" val
    }' "$1"
}

# get FILE PATH: the value at PATH ("" when absent).
get() { flat "$1" | awk -F '\t' -v p="$2" '$1 == p { print $2 }'; }

# ------------------------------------------------------------ the models
cat >norm.stan <<'EOF'
data { int N; vector[N] y; }
parameters { real mu; real<lower=0> sigma; }
model {
  y ~ normal(mu, sigma);
  mu ~ normal(0, 1);
  sigma ~ lognormal(0, 1);
}
generated quantities { real yrep = normal_rng(mu, sigma); }
EOF
cat >loud.stan <<'EOF'
data { int N; vector[N] y; }
transformed data { print("td N=", N); }
parameters { real mu; real<lower=0> sigma; }
model {
  print("mu=", mu);
  if (mu > 1) reject("mu too big: ", mu);
  if (mu < -1) fatal_error("mu too small: ", mu);
  y ~ normal(mu, sigma);
}
generated quantities {
  print("gq sigma=", sigma);
  if (sigma > 3) reject("sigma too big");
  real z = normal_rng(0, 1);
}
EOF
cat >domain.stan <<'EOF'
parameters { real a; real b; }
model {
  array[2] real x = {a, b};
  a ~ normal(0, a > 0 ? 1 : -1);
  target += x[b > 0 ? 3 : 1];
}
generated quantities { real n = not_a_number(); real i = negative_infinity(); }
EOF
cat >fixed.stan <<'EOF'
generated quantities { real u = uniform_rng(0, 1); print("u=", u); }
EOF
cat >tdreject.stan <<'EOF'
data { int N; }
transformed data { print("checking"); if (N > 2) reject("N too big: ", N); }
parameters { real a; }
model { a ~ normal(0, 1); }
EOF
printf '{"N": 3, "y": [0.1, -0.3, 1.2]}\n' >y.json

# ------------------------------------------------------------ determinism
if build_model norm && build_model loud; then
    probe norm 11 6 a.json y.json >/dev/null 2>&1 &&
    probe norm 11 6 b.json y.json >/dev/null 2>&1 &&
    probe norm 12 6 c.json y.json >/dev/null 2>&1 &&
    probe norm 11 3 d.json y.json >/dev/null 2>&1 &&
    probe loud 11 6 e.json y.json >/dev/null 2>&1
    rc=$?
    us() { flat "$1" | grep '^evaluations\.[0-9]*\.u\.'; }
    if [ $rc -ne 0 ]; then
        fail determinism "a probe exited non-zero"
    elif ! cmp -s a.json b.json; then
        fail determinism "seed 11 twice gives different files"
    elif [ "$(us a.json)" = "$(us c.json)" ]; then
        fail determinism "seeds 11 and 12 give the same points"
    elif [ "$(us a.json | head -6)" != "$(us d.json)" ]; then
        fail determinism "the first points depend on points=K"
    elif [ "$(us a.json)" != "$(us e.json)" ]; then
        fail determinism "two models of one dimension get different points"
    elif [ "$(us a.json | wc -l)" -ne 12 ]; then
        fail determinism "expected 6 points of 2 values, found $(us a.json | wc -l) values"
    else
        pass determinism
    fi

    # ---------------------------------------------------------- log_prob
    # the probe's points as log_prob's params_r; lp__ and the gradient
    # (6 significant digits in the CSV) against the probe's values
    flat a.json | awk -F '\t' '
        $1 ~ /^evaluations\.[0-9]+\.u\.[0-9]+$/ {
            split($1, p, "."); k = p[2]; i = p[4]
            row[k] = row[k] (i > 0 ? ", " : "") $2; n = k + 1
        }
        END {
            printf "{\"params_r\": ["
            for (k = 0; k < n; k++) printf "%s[%s]", k ? ", " : "", row[k]
            print "]}"
        }' >u.json
    if ! ./norm log_prob unconstrained_params=u.json jacobian=1 \
            data file=y.json output file=lp.csv >/dev/null 2>lp.err; then
        fail log_prob "log_prob exited non-zero: $(head -2 lp.err)"
    else
        flat a.json | awk -F '\t' '
            $1 ~ /^evaluations\.[0-9]+\.log_density_jacobian\.value$/ {
                split($1, p, "."); v[p[2]] = $2
            }
            $1 ~ /^evaluations\.[0-9]+\.log_density_jacobian\.gradient\./ {
                split($1, p, "."); v[p[2]] = v[p[2]] "," $2
            }
            END { for (k = 0; k in v; k++) print v[k] }' >probe.rows
        grep -v '^#' lp.csv | tail -n +2 >lp.rows
        bad=$(paste -d ';' probe.rows lp.rows | awk -F ';' '
            {
                n = split($1, a, ","); m = split($2, b, ",")
                if (n != m) { print NR ": " n " vs " m " columns"; exit }
                for (i = 1; i <= n; i++) {
                    d = a[i] - b[i]; d = d < 0 ? -d : d
                    s = a[i] < 0 ? -a[i] : a[i]
                    if (d > 1e-5 * s + 1e-6) {
                        print "point " NR - 1 " column " i ": probe " a[i] \
                              " vs log_prob " b[i]
                        exit
                    }
                }
            }
            END { if (NR != 6) print NR " rows, expected 6" }')
        if [ -n "$bad" ]; then
            fail log_prob "$bad"
        else
            pass log_prob
        fi
    fi

    # ----------------------------------------------- printed, rejections
    # loud: at each point, the model block prints mu and then rejects
    # above 1 (reject) and below -1 (fatal_error); generated quantities
    # print sigma and reject above 3
    probe loud 11 16 e16.json y.json >/dev/null 2>&1
    flat e16.json >e.flat
    bad=$(awk -F '\t' '
        { v[$1] = $2 }
        END {
            if (v["transformed_data.printed"] != "\"td N=3\\n\"")
                { print "transformed data printed " v["transformed_data.printed"]; exit }
            for (k = 0; ("evaluations." k ".point") in v; k++) {
                e = "evaluations." k "."
                mu = v[e "u.0"] + 0; sigma = exp(v[e "u.1"])
                want = sprintf("\"mu=%g\\n\"", mu)
                for (j = 0; j < 2; j++) {
                    d = e (j ? "log_density_jacobian." : "log_density.")
                    if (v[d "printed"] != want)
                        { print d "printed: " v[d "printed"] " not " want; exit }
                    cls = mu > 1 ? "\"reject\"" : mu < -1 ? "\"fatal\"" : ""
                    if (v[d "rejection.class"] != cls)
                        { print d "rejection.class: " v[d "rejection.class"] " not " cls; exit }
                    if (cls == "" && v[d "rejection"] != "null")
                        { print d "rejection: " v[d "rejection"]; exit }
                    if (cls == "\"reject\"" && v[d "rejection.message"] !~ /^"mu too big: /)
                        { print d "rejection.message: " v[d "rejection.message"]; exit }
                    if (cls != "" && v[d "value"] != "null")
                        { print d "value after a rejection: " v[d "value"]; exit }
                    seen[cls]++
                }
                want = sprintf("\"gq sigma=%g\\n\"", sigma)
                if (v[e "outputs.printed"] != want)
                    { print e "outputs.printed: " v[e "outputs.printed"] " not " want; exit }
                cls = sigma > 3 ? "\"reject\"" : ""
                if (v[e "outputs.rejection.class"] != cls)
                    { print e "outputs.rejection.class: " v[e "outputs.rejection.class"]; exit }
                seen["gq" cls]++
            }
            if (k != 16) { print k " points"; exit }
            if (!seen[""] || !seen["\"reject\""] || !seen["\"fatal\""] \
                || !seen["gq"] || !seen["gq\"reject\""])
                print "seed 11 does not reach every case (change the seed)"
        }' e.flat)
    if [ -n "$bad" ]; then
        fail printed-rejections "$bad"
    else
        pass printed-rejections
    fi

    # ------------------------------------------------------------ outputs
    # mu is the point's first value, sigma exp of its second; yrep repeats
    # under seed 11 (and with fewer points) and not under seed 12
    bad=$(flat a.json | awk -F '\t' '
        { v[$1] = $2 }
        $1 == "output_names.0" && $2 != "\"mu\"" { print "names: " $2; exit }
        END {
            for (k = 0; k < 6; k++) {
                e = "evaluations." k "."
                if (v[e "outputs.values.0"] != v[e "u.0"])
                    { print "point " k ": mu " v[e "outputs.values.0"] " vs u " v[e "u.0"]; exit }
                s = exp(v[e "u.1"]); d = v[e "outputs.values.1"] - s
                if (d * d > 1e-24 * s * s)
                    { print "point " k ": sigma " v[e "outputs.values.1"] " vs " s; exit }
            }
        }')
    yrep() { flat "$1" | grep '^evaluations\.[0-9]*\.outputs\.values\.2'; }
    if [ -n "$bad" ]; then
        fail outputs "$bad"
    elif [ "$(yrep a.json | head -3)" != "$(yrep d.json)" ]; then
        fail outputs "the draws of point k depend on points=K"
    elif [ "$(yrep a.json)" = "$(yrep c.json)" ]; then
        fail outputs "seeds 11 and 12 give the same draws"
    else
        pass outputs
    fi
fi

# ------------------------- a library function's error, an index's error
# domain: a <= 0 is a bad scale for normal (class error), else b > 0 an
# index out of range (class index)
if build_model domain; then
    if ! probe domain 5 12 dom.json >/dev/null 2>&1; then
        fail domain-index "the probe exited non-zero"
    else
        bad=$(flat dom.json | awk -F '\t' '
            { v[$1] = $2 }
            END {
                for (k = 0; k < 12; k++) {
                    e = "evaluations." k "."
                    cls = v[e "u.0"] <= 0 ? "\"error\"" \
                          : v[e "u.1"] > 0 ? "\"index\"" : ""
                    c = v[e "log_density.rejection.class"]
                    m = v[e "log_density.rejection.message"]
                    if (c != cls)
                        { print "point " k ": class " c " not " cls; exit }
                    if ((cls == "\"error\"" && m !~ /normal/) \
                        || (cls == "\"index\"" && m !~ /index 3 out of range/))
                        { print "point " k ": message " m; exit }
                    x = v[e "outputs.values.2"]; y = v[e "outputs.values.3"]
                    if (x != "\"nan\"" || y != "\"-inf\"")
                        { print "point " k ": NaN and -inf written as " x ", " y; exit }
                    n[cls]++
                }
                if (!n[""] || !n["\"error\""] || !n["\"index\""])
                    print "seed 5 does not reach every case (change the seed)"
            }')
        if [ -n "$bad" ]; then
            fail domain-index "$bad"
        else
            pass domain-index
        fi
    fi
fi

# ------------------------------------------------ no parameters at all
if build_model fixed; then
    if ! probe fixed 3 4 f.json >/dev/null 2>&1; then
        fail no-parameters "the probe exited non-zero"
    else
        bad=$(flat f.json | awk -F '\t' '
            { v[$1] = $2 }
            END {
                if (v["dim"] != 0) { print "dim " v["dim"]; exit }
                for (k = 0; k < 4; k++) {
                    e = "evaluations." k "."
                    u = v[e "outputs.values.0"]
                    if (u == "" || u in seen) { print "point " k ": u " u; exit }
                    seen[u] = 1
                    want = sprintf("\"u=%g\\n\"", u)
                    if (v[e "outputs.printed"] != want)
                        { print "point " k ": printed " v[e "outputs.printed"] " not " want; exit }
                }
            }')
        if [ -n "$bad" ]; then
            fail no-parameters "$bad"
        else
            pass no-parameters
        fi
    fi
fi

# --------------------------------------------- transformed data rejects
if build_model tdreject; then
    printf '{"N": 3}\n' >n3.json
    if ! probe tdreject 1 4 t.json n3.json >/dev/null 2>t.err; then
        fail transformed-data "exit non-zero: $(head -2 t.err)"
    else
        flat t.json >t.flat
        want='transformed_data.printed	"checking\n"
transformed_data.rejection.class	"reject"
transformed_data.rejection.message	"N too big: 3"
dim	0
output_names	[]
evaluations	[]'
        got=$(grep -E '^(transformed_data|dim|output_names|evaluations)' t.flat)
        if [ "$got" != "$want" ]; then
            fail transformed-data "unexpected file"
            printf 'want:\n%s\ngot:\n%s\n' "$want" "$got"
        else
            pass transformed-data
        fi
    fi
fi

# ------------------------------------------------------------ refusals
# expect_refusal NAME EXPECTED_STDERR ARGS...: exit 1, the message, and
# out.json neither written nor changed
expect_refusal() {
    name=$1; want=$2; shift 2
    rm -f out.json
    "$@" >/dev/null 2>err.txt
    rc=$?
    if [ $rc -ne 1 ]; then
        fail "$name" "exit $rc, expected 1"
    elif [ "$(head -1 err.txt)" != "$want" ]; then
        fail "$name" "unexpected message"
        printf 'want: %s\ngot:  %s\n' "$want" "$(head -1 err.txt)"
    elif [ -e out.json ]; then
        fail "$name" "an output file was written"
    else
        pass "$name"
    fi
}
if [ -x norm ]; then
    expect_refusal points-zero "points=0: expected an integer with 1 <= points <= 100000" \
        ./norm probe points=0 data file=y.json output file=out.json
    expect_refusal seed-twice "seed=2: seed is given twice" \
        ./norm probe seed=1 random seed=2 data file=y.json output file=out.json
    cp y.json keep.json
    ./norm probe points=2 data file=y.json output file=y.json >/dev/null 2>err.txt
    rc=$?
    kept=$(cmp -s y.json keep.json && echo kept || echo replaced)
    if [ $rc -ne 1 ] || [ "$kept" != kept ]; then
        fail protect-data "exit $rc, the data file $kept"
    elif ! grep -q 'y.json' err.txt; then
        fail protect-data "the message does not name the file: $(cat err.txt)"
    else
        pass protect-data
    fi
fi

echo "probe: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
