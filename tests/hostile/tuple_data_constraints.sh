# A constrained element of a data tuple is checked exactly as the same
# declaration on its own: the same check, the same exit and the same
# message (with the element's path t.1 for the plain variable's name z).
# Once the backend had its own copy of the constraint-to-check table,
# which lacked sum_to_zero (and the stochastic matrices), so
# tuple(sum_to_zero_vector[3], real) accepted [5, 1, 1].  One case per
# kind of check the backend compiles: bounds, the vector constraints, a
# matrix constraint; and the same for a tuple of transformed data.
#
# case NAME DECL BAD GOOD: data { tuple(DECL, real) t; DECL z; }, read
# once with t.1 = BAD, z = GOOD and once the other way round.
case_constraint() {
    cat > "$1.stan" <<STAN
data {
  tuple($2, real) t;
  $2 z;
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
    run_expect 0 "built" "$PPLBENCH" build "$1.stan" -o "$1"
    printf '{"t": {"1": %s, "2": 0.5}, "z": %s}\n' "$3" "$4" > "$1_t.json"
    printf '{"t": {"1": %s, "2": 0.5}, "z": %s}\n' "$4" "$3" > "$1_z.json"
    printf '{"t": {"1": %s, "2": 0.5}, "z": %s}\n' "$4" "$4" > "$1_ok.json"
    run_expect 0 "Elapsed Time" "./$1" sample num_samples=10 num_warmup=10 \
        data file="$1_ok.json" output file="$1_ok.csv"
    run_expect 1 "Error in the data or transformed data of $1_model:" \
        "./$1" sample num_samples=10 num_warmup=10 data file="$1_z.json" \
        output file="$1_z.csv"
    plain=$(sed -n '/^Error in the data/,$p' "$W/.out")
    expect_absent "$1_z.csv"
    run_expect 1 "Error in the data or transformed data of $1_model:" \
        "./$1" sample num_samples=10 num_warmup=10 data file="$1_t.json" \
        output file="$1_t.csv"
    in_tuple=$(sed -n '/^Error in the data/,$p' "$W/.out" | sed 's/t\.1/z/g')
    expect_absent "$1_t.csv"
    [ -n "$plain" ] && [ "$plain" = "$in_tuple" ] ||
        fail "$1: in a tuple: '$in_tuple'; on its own: '$plain'"
}
case_constraint stz_vector 'sum_to_zero_vector[3]' '[5, 1, 1]' '[1, -1, 0]'
case_constraint simplex 'simplex[3]' '[0.5, 0.6, 0.1]' '[0.2, 0.3, 0.5]'
case_constraint ordered 'ordered[3]' '[1, 3, 2]' '[1, 2, 3]'
case_constraint lower 'real<lower=0>' '-1' '1'
case_constraint bounded 'vector<lower=0, upper=1>[2]' '[0.5, 2]' '[0.5, 1]'
case_constraint chol_corr 'cholesky_factor_corr[2]' '[[1, 0], [0.5, 0.5]]' \
    '[[1, 0], [0.6, 0.8]]'

# Transformed data: a tuple's constrained elements are checked at the end
# of the block as a plain variable is (they once were not checked at all).
cat > td.stan <<'STAN'
data { real a; real b; }
transformed data {
  tuple(real<lower=0>, tuple(int, simplex[2])) t = (a, (1, [0.5, 0.5]'));
  real<lower=0> z = b;
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
run_expect 0 "built" "$PPLBENCH" build td.stan -o td
echo '{"a": 1, "b": 1}' > td_ok.json
echo '{"a": -1, "b": 1}' > td_t.json
echo '{"a": 1, "b": -1}' > td_z.json
run_expect 0 "Elapsed Time" ./td sample num_samples=10 num_warmup=10 \
    data file=td_ok.json output file=td_ok.csv
run_expect 1 "Error in the data or transformed data of td_model:" \
    ./td sample num_samples=10 num_warmup=10 data file=td_z.json \
    output file=td_z.csv
plain=$(sed -n '/^Error in the data/,$p' "$W/.out")
run_expect 1 "Error in the data or transformed data of td_model:" \
    ./td sample num_samples=10 num_warmup=10 data file=td_t.json \
    output file=td_t.csv
in_tuple=$(sed -n '/^Error in the data/,$p' "$W/.out" | sed 's/t\.1/z/g')
[ -n "$plain" ] && [ "$plain" = "$in_tuple" ] ||
    fail "td: in a tuple: '$in_tuple'; on its own: '$plain'"
expect_absent td_t.csv td_z.csv
