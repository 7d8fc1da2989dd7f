# pplbench trace's command line: each mistake is exit 2 with a message,
# and nothing runs; sizes from data beyond what the interpreter holds are a
# message (exit 1), never an abort.
cat > m.stan <<'STAN'
data { int N; }
parameters { real x; }
model {
  array[N] vector[N] w;
  x ~ normal(0, 1);
}
STAN
echo '{"N": 2}' > d.json
run_expect 2 "pplbench trace: which model?" "$PPLBENCH" trace
run_expect 2 "pplbench trace: unknown option '--bogus'" \
    "$PPLBENCH" trace m.stan --bogus
run_expect 2 "pplbench trace: --levels takes an integer in 1..1000, not '0'" \
    "$PPLBENCH" trace m.stan --data d.json --levels 0
run_expect 2 "pplbench trace: --seed takes a non-negative integer, not '-3'" \
    "$PPLBENCH" trace m.stan --data d.json --seed -3
run_expect 2 "pplbench trace: --params and --seed both give the point: give one" \
    "$PPLBENCH" trace m.stan --data d.json --params d.json --seed 1
run_expect 2 "pplbench trace: --data takes a value" "$PPLBENCH" trace m.stan --data
run_expect 2 "pplbench trace: --backward and --forward take a node @i, not '@x'" \
    "$PPLBENCH" trace m.stan --data d.json --backward @x
run_expect 2 "pplbench trace: one model at a time ('n.stan')" \
    "$PPLBENCH" trace m.stan n.stan
run_expect 2 "" "$PPLBENCH" trace missing.stan
echo '{"N": 30000}' > big.json
run_expect 1 "Error: variable w is too large for the interpreter." \
    "$PPLBENCH" trace m.stan --data big.json
run_expect 0 "log density = " "$PPLBENCH" trace m.stan --data d.json
