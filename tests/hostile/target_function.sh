# target_function: Stan's target() in the model block (Functions
# Reference, "Log probability function": the log density accumulated so
# far).  It was refused ("target inside an expression").  Its value is the
# sampler's lp so far, the Jacobian terms included when jacobian=1: here
# -2 from exponential(1) at s = 2 (propto drops nothing) plus log 2.  Its
# derivatives are those of every term before it: the reverse sweep
# carries the adjoint of target back to them (backend/emit_target.c).
# It was an error at run time ("the gradient through target() is not
# computed"): here 1.5 * normal_lpdf(1 | 0, 1) = -2.12841, gradient
# 1.5 * -1.
cat > m.stan <<'STAN'
parameters { real<lower=0> s; }
model {
  s ~ exponential(1);
  print("t=", target());
  real t = target();
  if (t > 100) reject("never");
  target += normal_lpdf(s | 0, 1) + 0 * target();
}
STAN
cat > bad.stan <<'STAN'
parameters { real x; }
model {
  target += normal_lpdf(x | 0, 1);
  target += 0.5 * target();
}
STAN
printf '{"s": 2}\n' > p.json
printf '{"x": 1}\n' > x.json
protect m.stan bad.stan p.json x.json
run_expect 0 "" "$PPLBENCH" build m.stan -o exe
run_expect 0 "t=-1.30685" ./exe log_prob constrained_params=p.json \
    jacobian=1 output file=lp.csv
grep -v '^#' lp.csv > got.txt
printf 'lp__,g_s\n-4.22579,-5\n' > want.txt
cmp -s got.txt want.txt || fail "log_prob: $(tr '\n' ' ' < got.txt)"
run_expect 0 "t=-2" ./exe log_prob constrained_params=p.json jacobian=0 \
    output file=lp.csv
run_expect 0 "" "$PPLBENCH" build bad.stan -o bad
run_expect 0 "" ./bad log_prob constrained_params=x.json output file=lp.csv
grep -v '^#' lp.csv > got.txt
printf 'lp__,g_x\n-2.12841,-1.5\n' > want.txt
cmp -s got.txt want.txt || fail "log_prob bad: $(tr '\n' ' ' < got.txt)"
