# print_ternary_draws: a printed ?: of tuples whose condition draws
# (Stan Reference Manual, "Conditional operator": the condition is
# evaluated once, then one arm).  It was refused ("a whole tuple(int,
# real) value here"); printing slot by slot would draw once per slot and
# could print (1,4.5).  The print becomes if (c) print(a) else print(b).
# And ?: between containers (it was refused: "?: choosing between
# containers"): arms of different sizes, the chosen one's.
cat > m.stan <<'STAN'
parameters { real x; }
model { x ~ normal(0, 1); }
generated quantities {
  print("t=", bernoulli_rng(0.5) ? (1, 2.5) : (3, 4.5));
  vector[2] a = [1, 2]';
  print("v=", x > 100 ? a : [3, 4, 5]');
}
STAN
protect m.stan
run_expect 0 "" "$PPLBENCH" build m.stan -o exe --O0
run_expect 0 "v=[3,4,5]" ./exe sample num_samples=30 num_warmup=1 \
    output file=s.csv
grep '^t=' "$W/.out" | sort -u > got.txt
printf 't=(1,2.5)\nt=(3,4.5)\n' > want.txt
cmp -s got.txt want.txt || fail "printed: $(tr '\n' ' ' < got.txt)"
