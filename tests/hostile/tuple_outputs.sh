# A tuple the backend cannot take apart is refused by name, before any C
# is compiled: a call of a function that prints (it cannot be split into
# elements).  Once a tuple output was taken
# apart and its write left behind, and the C compiler failed on the
# emitted file.  Tuple outputs are now taken apart element by element:
# a generated quantity of tuple type compiles and its columns carry
# CmdStan's names (t:1, t:2).
refused() {   # refused NAME MESSAGE: the program NAME.stan is refused
    run_expect 1 "Error: the C backend does not compile $2" \
        "$PPLBENCH" build "$1.stan" -o "$1"
    expect_no_output "C compiler failed"
    expect_absent "$1"
}
cat > gq.stan <<'STAN'
parameters { real mu; }
model { mu ~ normal(0, 1); }
generated quantities { tuple(real, real) t = (mu, 1.0); }
STAN
run_expect 0 "built" "$PPLBENCH" build gq.stan -o gq
run_expect 0 "" ./gq sample num_samples=2 num_warmup=2 output file=gq.csv
grep -q '^lp__.*,mu,t:1,t:2$' gq.csv || fail "tuple output columns: $(grep lp__ gq.csv)"
cat > cond.stan <<'STAN'
data { real c; }
transformed data { tuple(real, real) t = c > 0 ? (1.0, 2.0) : (3.0, 4.0); }
parameters { real mu; }
model { mu ~ normal(t.1, 1); }
STAN
run_expect 0 "built" "$PPLBENCH" build cond.stan -o cond
# a tuple-valued ?: is taken apart one ?: per slot; printed with a
# condition that draws, it is an if/else of two prints (the condition
# drawn once: hostile print_ternary_draws checks the output)
cat > draw.stan <<'STAN'
parameters { real mu; }
model { mu ~ normal(0, 1); }
generated quantities { print(bernoulli_rng(0.5) ? (1.0, 2.0) : (3.0, 4.0)); }
STAN
run_expect 0 "built" "$PPLBENCH" build draw.stan -o draw
cat > loud.stan <<'STAN'
functions { tuple(real, real) f(real x) { print(x); return (x, 2 * x); } }
parameters { real mu; }
model { tuple(real, real) t = f(mu); mu ~ normal(t.1, 1); }
STAN
refused loud "variables of type tuple(real, real) ('t')"
