# density_size_one_arrays: normal_lpdf of an array of 4 with arrays of one
# element for mu and sigma.  The inlined normal ran its loop over all 4
# elements before looking at the sizes: it read the one-element buffers
# past their end and wrote the partials past their end, so the value was
# wrong (-7.78733 here) and the scratch memory after them corrupted.  Then
# the loop ran only when the sizes matched, and the general function took
# the call, broadcasting the arrays of one.  Stan broadcasts scalars only:
# an array of one beside an array of four is a size mismatch
# (check_consistent_sizes), and now the runtime says so with Stan's message
# (RtArg.vec tells a container of one from a scalar); the interpreter
# agrees.  A scalar mu and sigma still broadcast.
cat > m.stan <<'STAN'
data { vector[4] v; }
parameters { real mu; real<lower=0> s; }
model {
  target += normal_lpdf(to_array_1d(v) | {mu}, {s});
}
STAN
cat > ok.stan <<'STAN'
data { vector[4] v; }
parameters { real mu; real<lower=0> s; }
model {
  target += normal_lpdf(to_array_1d(v) | mu, s);
}
STAN
printf '{"v": [0.1, 0.5, -0.3, 1.2]}\n' > d.json
printf '{"mu": 0.2, "s": 1.5}\n' > p.json
protect m.stan ok.stan d.json p.json
msg="normal_lpdf: Location parameter has dimension = 1, expecting dimension = 4"
run_expect 0 "" "$PPLBENCH" build m.stan -o exe
run_expect 1 "$msg" ./exe log_prob constrained_params=p.json jacobian=0 \
    data file=d.json output file=lp.csv
run_expect 1 "$msg" "$PPLBENCH" trace m.stan --data d.json --params p.json
run_expect 0 "" "$PPLBENCH" build ok.stan -o ok
run_expect 0 "" ./ok log_prob constrained_params=p.json jacobian=0 \
    data file=d.json output file=lp.csv
grep -v '^#' lp.csv > got.txt
printf 'lp__,g_mu,g_s\n-5.59761,0.311111,-3.4\n' > want.txt
cmp -s got.txt want.txt || fail "log_prob: $(tr '\n' ' ' < got.txt)"
