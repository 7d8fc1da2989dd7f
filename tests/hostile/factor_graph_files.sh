# --factor-graph=FILE.json: written atomically through rt_out_open, never
# over the model (exit 2, nothing changes); an extension other than .json
# is a usage error that says what is written; a full device is exit 2; a
# model with errors writes nothing; --warn-pedantic and --factor-graph are
# for one model, not a folder.
device_nodes
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model { mu ~ normal(0, 1); y ~ normal(mu, 1); }
STAN
protect m.stan $null $full

run_expect 2 "--factor-graph writes FILE.json (the DOT, PNG and SVG pictures are not written" \
    "$PPLBENCH" --factor-graph=g.dot m.stan
expect_output "yet); got 'g.dot'"
expect_absent g.dot
cp m.stan m.json
protect m.json
run_expect 2 "pplbench: refusing to write m.json: it is the same file as the input m.json" \
    "$PPLBENCH" --factor-graph=m.json m.json
ln -s "$full" full.json
run_expect 2 "No space left on device" "$PPLBENCH" --factor-graph=full.json m.stan
run_expect 0 "" "$PPLBENCH" --factor-graph=g.json m.stan
check -s g.json
grep -q '"role": "variate"' g.json || fail "g.json has no variate edge"
ls -a | grep -q 'g.json.*tmp' && fail "a temporary file is left"

printf 'parameters { real mu; }\nmodel { mu ~ normal(0, x); }\n' > bad.stan
run_expect 1 "Semantic error" "$PPLBENCH" --factor-graph=bad.json bad.stan
expect_absent bad.json

mkdir models
cp m.stan models/
run_expect 2 "--warn-pedantic is for one model, not a folder" \
    "$PPLBENCH" --warn-pedantic models
run_expect 2 "--factor-graph is for one model, not a folder" \
    "$PPLBENCH" --factor-graph=g2.json models
expect_absent g2.json
