# File stems that are no C identifier (a quote, a backslash, a space, a
# '-', a leading digit, a non-ASCII byte) give a model name as stanc3
# derives it; an invalid --name is a usage error.
printf 'parameters { real mu; }\nmodel { mu ~ normal(0, 1); }\n' > base.stan
for stem in 'a"b' 'back\slash' '8 schools-v2' "$(printf 'caf\303\251')"; do
    cp base.stan "$stem.stan"
done
run_expect 0 "" "$PPLBENCH" build 'a"b.stan' -o e1
run_expect 0 "" ./e1 sample num_samples=5 num_warmup=5 output file=o1.csv
check "$(grep '^# model' o1.csv)" = '# model = ax34b_model'
run_expect 0 "" "$PPLBENCH" build 'back\slash.stan' -o e2
run_expect 0 "" ./e2 sample num_samples=5 num_warmup=5 output file=o2.csv
check "$(grep '^# model' o2.csv)" = '# model = backx92slash_model'
run_expect 0 "" "$PPLBENCH" build '8 schools-v2.stan' -o e3
run_expect 0 "" ./e3 sample num_samples=5 num_warmup=5 output file=o3.csv
check "$(grep '^# model' o3.csv)" = '# model = _8x32schools_v2_model'
run_expect 0 "" "$PPLBENCH" build "$(printf 'caf\303\251').stan" -o e4
run_expect 0 "" ./e4 sample num_samples=5 num_warmup=5 output file=o4.csv
check "$(grep '^# model' o4.csv)" = '# model = cafx195x169_model'
# the emitted C names the model the same way
run_expect 0 "" "$PPLBENCH" --o=a.c 'a"b.stan'
grep -qxF '#define MODEL_NAME "ax34b_model"' a.c || fail "a.c: MODEL_NAME"
run_expect 0 "" "$PPLBENCH" --name=ok_name --o=b.c base.stan
grep -qxF '#define MODEL_NAME "ok_name"' b.c || fail "b.c: MODEL_NAME"
for bad in 'a"b' '9lives' '' 'a-b' 'x
y'; do
    msg="--name takes letters, digits and '_', not starting with a digit"
    run_expect 2 "pplbench: $msg; got '$bad'" "$PPLBENCH" "--name=$bad" base.stan
done
