# pplbench trace --o FILE.dot, .png, .svg draws the trace: written whole
# through rt_out_open, never over the model or the data (exit 2, nothing
# changes), a full device is exit 2 naming the file; a point the model
# rejects still draws what was evaluated (exit 1); the listing goes to
# standard output as without a picture.
device_nodes
cat > m.stan <<'STAN'
data { int<lower=1> N; vector[N] y; }
parameters { real mu; real<lower=0> s; }
model { if (mu > 10) reject("mu <too> {large} \\", mu); y ~ normal(mu, s); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
echo '{"mu": 11, "s": 2}' > far.json
cp d.json d.png
protect m.stan d.json d.png far.json $full

run_expect 2 "pplbench: refusing to write d.png: it is the same file as the input d.png" \
    "$PPLBENCH" trace m.stan --data d.png --o d.png
ln -s "$full" full.png
run_expect 2 "No space left on device" "$PPLBENCH" trace m.stan --data d.json \
    --o full.png
run_expect 0 "log density = " "$PPLBENCH" trace m.stan --data d.json --o t.dot
grep -q '^digraph trace {' t.dot || fail "t.dot is not DOT"
run_expect 0 "log density = " "$PPLBENCH" trace m.stan --data d.json --o t.png
[ "$(head -c 4 t.png | od -An -c | tr -d ' ')" = "211PNG" ] \
    || fail "t.png is not a PNG"
run_expect 1 "Error: the log density is rejected at this point" \
    "$PPLBENCH" trace m.stan --data d.json --params far.json --o r.dot
grep -q "stopped: " r.dot || fail "r.dot does not say where the evaluation stopped"
ls -a | grep -q '\.tmp\|\.png\.\|\.dot\.' && fail "a temporary file is left"
