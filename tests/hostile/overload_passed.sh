# overload_passed: a user function overloaded with one arity, called
# directly and passed to ode_rk45 and reduce_sum (stanc3 PR #1027:
# overloaded functions may be passed to higher-order functions; the
# typechecker picks the overload the further arguments fit, as stanc3's
# find_matching_first_order_fn).  The typechecker tried only the first
# overload (the program was refused), the ODE code took the first of the
# arity, and the MIR interpreter the last.  At k = 0.7 with jacobian=0:
# normal_lpdf(exp(-0.7) | 0.5, 0.1) + sum normal_lpdf(y | 0, 0.7) + 0.7
# = -1.32926 (the vector overloads would give other values); the trace
# adds the Jacobian, log 0.7.
cp "$ROOT/tests/run/models/overload_passed.stan" m.stan
cp "$ROOT/tests/run/models/overload_passed.data.json" d.json
printf '{"k": 0.7}\n' > k.json
protect m.stan d.json k.json
run_expect 0 "" "$PPLBENCH" build m.stan -o exe --O0
run_expect 0 "" ./exe log_prob constrained_params=k.json jacobian=0 \
    data file=d.json output file=lp.csv
grep -v '^#' lp.csv > got.txt
printf 'lp__,g_k\n-1.32926,-1.09216\n' > want.txt
cmp -s got.txt want.txt || fail "log_prob: $(tr '\n' ' ' < got.txt)"
run_expect 0 "log density = -1.68593099627" "$PPLBENCH" trace m.stan \
    --data d.json --params k.json
