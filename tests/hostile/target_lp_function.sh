# target_lp_function: target() inside a function ending in _lp (Stan
# Reference Manual, "Program blocks" and Functions Reference, "Log
# probability function": the model block and _lp functions may read the
# log density so far).  It was refused ("target() inside a function").
# f_lp adds -x^2/2 and returns target(): at x = 2, lp = -2 + 0.5 * -2 =
# -3, and d/dx of 1.5 * -x^2/2 = -1.5 x = -3 (the read's adjoint flows
# into the term added before it).  A statement that reads target after
# an _lp call in it is refused with a message that says how to split it
# (the call's terms need the read's adjoint, backend/emit_target.c).
cat > m.stan <<'STAN'
functions {
  real f_lp(real x) {
    target += -0.5 * x^2;
    return target();
  }
}
parameters { real x; }
model {
  target += 0.5 * f_lp(x);
}
STAN
cat > after.stan <<'STAN'
functions {
  real f_lp(real x) {
    target += -x^2;
    return target();
  }
}
parameters { real x; }
model {
  target += f_lp(x) + 0.1 * target();
}
STAN
printf '{"x": 2}\n' > x.json
protect m.stan after.stan x.json
run_expect 0 "" "$PPLBENCH" build m.stan -o exe --O0
run_expect 0 "" ./exe log_prob constrained_params=x.json output file=lp.csv
grep -v '^#' lp.csv > got.txt
printf 'lp__,g_x\n-3,-3\n' > want.txt
cmp -s got.txt want.txt || fail "log_prob: $(tr '\n' ' ' < got.txt)"
run_expect 1 "reads target after an _lp call in it (split it in two" \
    "$PPLBENCH" after.stan --o=after.c
expect_absent after.c
# target() in transformed parameters (stanc3's typechecker allows it
# there, GetTarget in TParam): the log density so far in the log density;
# where transformed parameters run again for the outputs it is 0, as in
# Stan's write_array (the whole model was refused: "target() inside a
# function").  lp = 1.1 * -x^2/2 = -0.55 at x = 1, gradient -1.1.
cat > tp.stan <<'STAN'
parameters { real x; }
transformed parameters {
  real t = target();
}
model {
  x ~ normal(0, 1);
  target += 0.1 * target();
}
STAN
printf '{"x": 1}\n' > x1.json
protect tp.stan x1.json
run_expect 0 "" "$PPLBENCH" build tp.stan -o tp --O0
run_expect 0 "" ./tp log_prob constrained_params=x1.json output file=tp.csv
grep -v '^#' tp.csv > got.txt
printf 'lp__,g_x\n-0.55,-1.1\n' > want.txt
cmp -s got.txt want.txt || fail "log_prob tp: $(tr '\n' ' ' < got.txt)"
