# --factor-graph=FILE.json (and the pictures FILE.dot, .svg, .png):
# written atomically through rt_out_open, never over the model (exit 2,
# nothing changes); an extension other than .json, .dot, .gv, .svg or .png
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

run_expect 2 "--factor-graph writes FILE.json, FILE.dot, FILE.svg or FILE.png; got 'g.txt'" \
    "$PPLBENCH" --factor-graph=g.txt m.stan
expect_absent g.txt
cp m.stan m.png
protect m.png
run_expect 2 "pplbench: refusing to write m.png: it is the same file as the input m.png" \
    "$PPLBENCH" --factor-graph=m.png m.png
ln -s "$full" full.dot
run_expect 2 "No space left on device" "$PPLBENCH" --factor-graph=full.dot m.stan
run_expect 0 "" "$PPLBENCH" --factor-graph=g.dot m.stan
grep -q '^digraph factor_graph {' g.dot || fail "g.dot is not DOT"
ls -a | grep -q 'g.dot.*tmp' && fail "a temporary file is left"
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
