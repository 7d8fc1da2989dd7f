# Container bounds, offsets and multipliers (a vector bound on a vector,
# applied to each array element of an array of vectors) whose size differs
# from the variable's vectors reject with a message naming the variable,
# on data and on parameters, at every level.  The C backend refused
# parameters with container bounds and emitted C that did not compile for
# data with a container bound (rt_check_lower given a pointer).
cat > cb.stan <<'STAN'
data {
  int<lower=0> N;
  int<lower=0> M;
  vector[M] lo;
  array[2] vector<lower=lo>[N] x;
  int<lower=0> K;
  vector[K] c;
}
parameters {
  vector<lower=c, upper=c + 2>[N] a;
  vector<offset=c, multiplier=c + 3>[N] b;
}
model {
  a ~ normal(0, 1);
  b ~ normal(0, 1);
}
STAN
echo '{"params_r": [0.1, -0.2, 0.3, 0.2]}' > u.json
for level in O0 O1 Oexperimental; do
    run_expect 0 "built" "$PPLBENCH" build cb.stan -o "cb_$level" "--$level"
    echo '{"N": 2, "M": 2, "lo": [0, 1], "x": [[0, 1], [1, 0.5]], "K": 2,
        "c": [0, 0]}' > d.json
    run_expect 1 "x[4] is 0.5, but must be greater than or equal to 1.000000" \
        "./cb_$level" log_prob unconstrained_params=u.json data file=d.json \
        output file=o.csv
    echo '{"N": 2, "M": 3, "lo": [0, 1, 2], "x": [[0, 1], [1, 2]], "K": 2,
        "c": [0, 0]}' > d.json
    run_expect 1 "x: the lower bound has 3 elements, but must have 2" \
        "./cb_$level" log_prob unconstrained_params=u.json data file=d.json \
        output file=o.csv
    echo '{"N": 2, "M": 2, "lo": [0, 1], "x": [[0, 1], [1, 2]], "K": 3,
        "c": [0, 0, 0]}' > d.json
    run_expect 1 "a: the lower bound has 3 elements, but must have 2" \
        "./cb_$level" log_prob unconstrained_params=u.json data file=d.json \
        output file=o.csv
done
