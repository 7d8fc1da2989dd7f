# A matrix product whose inner sizes differ (X with K columns times a
# vector of J != K, a row_vector times a vector) rejects with Stan's
# check_multiplicable message at every level, instead of reading past the
# shorter operand (the emitted C called rt_multiply unchecked; the GLM
# that partial-eval fuses X * beta into checks the same sizes, and the
# validator found the difference).
cat > ms.stan <<'STAN'
data {
  int<lower=1> N;
  int<lower=1> K;
  int<lower=1> J;
  int which;
  matrix[N, K] X;
  array[N] int<lower=0, upper=1> z;
}
parameters {
  vector<lower=-1, upper=1>[J] beta;
  real<lower=-1, upper=1> alpha;
}
model {
  beta ~ normal(0, 1);
  if (which == 1) z ~ bernoulli_logit(X * beta + alpha);
  if (which == 2) target += X[1] * beta;
}
STAN
echo '{"params_r": [0.1, -0.2, 0.3, 0.2]}' > u.json
m1="multiply: Columns of m1 (2) and Rows of m2 (3) must match in size"
for level in O0 O1 Oexperimental; do
    run_expect 0 "built" "$PPLBENCH" build ms.stan -o "ms_$level" "--$level"
    for which in 1 2; do
        printf '{"N": 2, "K": 2, "J": 3, "which": %s, ' "$which" > d.json
        printf '"X": [[1, 2], [3, 4]], "z": [0, 1]}\n' >> d.json
        run_expect 1 "$m1" "./ms_$level" log_prob unconstrained_params=u.json \
            data file=d.json output file=o.csv
    done
done
