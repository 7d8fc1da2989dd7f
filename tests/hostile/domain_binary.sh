# domain_binary: a scalar function of two arguments outside the domain
# Stan Math checks is an error with Stan's message (a rejection), not a
# silent NaN: lbeta(-1, 2) is "lbeta: first argument is -1, but must be
# nonnegative!" (stan/math/prim/fun/lbeta.hpp's check_nonnegative), and
# so for lchoose, log_modified_bessel_first_kind, gamma_p, the log
# factorials, binary_log_loss (log1m's check), the Bessel functions, and
# Boost's errors that Stan Math lets through (beta, gamma_q); of scalars
# and of containers (the generic binary route), in the sampler and in the
# interpreter.  Where Stan Math returns NaN (log_diff_exp(1, 2), pow(-8,
# 0.5), lbeta of a NaN) the NaN stays.  Before, every one of these was NaN
# (and log_mix's message was "the mixing proportion must be in [0, 1]",
# for a NaN lambda too); of three arguments, log_mix and inc_beta.
cat > m.stan <<'STAN'
data {
  int k;
  real a;
  real b;
}
transformed data {
  vector[2] va = [1, a]';
  real r = 0;
  if (k == 1) r = lbeta(a, b);
  if (k == 2) r = lchoose(a, b);
  if (k == 3) r = log_modified_bessel_first_kind(a, b);
  if (k == 4) r = beta(a, b);
  if (k == 5) r = gamma_p(a, b);
  if (k == 6) r = gamma_q(a, b);
  if (k == 7) r = log_falling_factorial(a, b);
  if (k == 8) r = log_rising_factorial(a, b);
  if (k == 9) r = binary_log_loss(0, b);
  if (k == 10) r = bessel_first_kind(1, b);
  if (k == 11) r = modified_bessel_second_kind(1, b);
  if (k == 12) r = sum(lbeta(va, b));
  if (k == 13) r = log_diff_exp(a, b);
  if (k == 14) r = pow(a, b);
  if (k == 15) r = log_mix(a, b, -1);
  if (k == 16) r = inc_beta(a, b, 0.5);
  print("r=", r);
}
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
protect m.stan
run_expect 0 "" "$PPLBENCH" build m.stan -o m --O0
ge='but must be greater than or equal to'
bb='Error in function boost::math::beta<double>(double,double):'
bq='Error in function boost::math::gamma_q<double>(double, double):'
# K A B, then the message (an exit 1 with it) or "r=..." (exit 0)
while IFS='|' read -r k a b want; do
    printf '{"k": %s, "a": %s, "b": %s}\n' "$k" "$a" "$b" > d.json
    case $want in
    r=*) run_expect 0 "$want" ./m sample num_samples=1 num_warmup=1 \
            data file=d.json output file=o.csv ;;
    *) run_expect 1 "$want" ./m sample num_samples=1 num_warmup=1 \
            data file=d.json output file=o.csv ;;
    esac
done <<CASES
1|-1|2|lbeta: first argument is -1, but must be nonnegative!
1|1|-2|lbeta: second argument is -2, but must be nonnegative!
2|3|5|binomial_coefficient_log: (first argument - second argument + 1) is -1, $ge 0.000000
3|-2|1|log_modified_bessel_first_kind: first argument (order) is -2, $ge -1.000000
3|0|-1|log_modified_bessel_first_kind: second argument (variable) is -1, but must be nonnegative!
4|-0.5|2|$bb The arguments to the beta function must be greater than zero (got a=-0.5).
5|-1|2|gamma_p: first argument (z) is -1, but must be positive!
6|1.5|-0.5|$bq Argument x to the incomplete gamma function must be >= 0 (got x=-0.5).
7|-1|2|log_falling_factorial: first argument is -1, but must be positive!
8|0|2|log_rising_factorial: first argument is 0, but must be positive!
9|0|1.5|log1m: x is 1.5, but must be less than or equal to 1.000000
10|0|"NaN"|bessel_first_kind: z is nan, but must not be nan!
11|0|0|modified_bessel_second_kind: z is 0, but must be positive!
12|-1|2|lbeta: first argument is -1, but must be nonnegative!
13|1|2|r=nan
14|-8|0.5|r=-nan
1|"NaN"|-2|r=nan
1|2|3|r=-2.48491
15|1.5|-2|log_mix: theta is 1.5, but must be in the interval [0, 1]
15|0.5|"NaN"|log_mix: lambda1 is nan, but must not be nan!
16|-1|2|inc_beta: first argument is -1, but must be positive!
CASES
# in the model block: the proposal is rejected with the message (here at
# every point: the initialization fails), and the interpreter says the
# same
cat > lp.stan <<'STAN'
data { real a; real b; }
parameters { real x; }
model {
  x ~ normal(0, 1);
  target += sum(lbeta([1, a]', b)) + lbeta(a, b) + log_mix(0.5, b, b);
}
STAN
echo '{"a": -1, "b": 2}' > lp.json
msg='lbeta: first argument is -1, but must be nonnegative!'
run_expect 0 "" "$PPLBENCH" build lp.stan -o lp --O1
run_expect 1 "$msg" ./lp sample num_samples=1 num_warmup=1 \
    data file=lp.json output file=o2.csv
run_expect 1 "rejected: $msg" "$PPLBENCH" trace lp.stan --data=lp.json \
    --seed=1
cat > mix.stan <<'STAN'
data { real a; real b; }
parameters { real x; }
model {
  x ~ normal(0, 1);
  target += log_mix(a, b, x);
}
STAN
echo '{"a": 1.5, "b": 2}' > mix.json
msg='log_mix: theta is 1.5, but must be in the interval [0, 1]'
run_expect 0 "" "$PPLBENCH" build mix.stan -o mix --O0
run_expect 1 "$msg" ./mix sample num_samples=1 num_warmup=1 \
    data file=mix.json output file=o3.csv
run_expect 1 "rejected: $msg" "$PPLBENCH" trace mix.stan --data=mix.json \
    --seed=1
