# batch_layout: a.stan, a.data.json and a.data.json.stan in one folder
# with --out equal to that folder.  With the products beside the inputs,
# a.data.json.stan's sampler was written over a's data.  Now each model's
# products go into OUT/NAME/: a's into ./a/; a.data.json.stan's folder
# would be ./a.data.json, which is a's data, so that model is refused
# (exit 2, "not written") and every input stays as it was.  In another
# --out both models are built, each in its own folder.
cat > a.stan <<'STAN'
data {
  real mu;
}
parameters {
  real y;
}
model {
  y ~ normal(mu, 1);
}
STAN
echo '{"mu": 2}' > a.data.json
cat > a.data.json.stan <<'STAN'
parameters {
  real z;
}
model {
  z ~ normal(0, 1);
}
STAN
protect a.stan a.data.json a.data.json.stan
msg="    write FAILED: refusing to write ./a.data.json: it is the same file"
run_expect 2 "$msg as the input ./a.data.json" \
    "$PPLBENCH" sample . --out=.
expect_output "-> ./a/a.csv"
tally="samplers: 1 built and sampled, 0 not compiled by the backend yet,"
expect_output "$tally 0 failed (0 timed out), 1 not written; products in ./"
for p in a/a a/a.c a/a.csv a/a.log a/a.summary.txt; do
    check -f "$p"
done
# a's draws used a's data (mu = 2)
grep -q '^y  *[12]\.' a/a.summary.txt ||
    fail "y's mean is not near 2: $(grep '^y ' a/a.summary.txt)"
tally="samplers: 2 built and sampled, 0 not compiled by the backend yet,"
run_expect 0 "$tally 0 failed (0 timed out), 0 not written; products in out/" \
    "$PPLBENCH" sample . --out=out
for p in a/a a/a.csv a.data.json/a.data.json a.data.json/a.data.json.c \
         a.data.json/a.data.json.csv a.data.json/a.data.json.summary.txt; do
    check -f "out/$p"
done
# no working folder or temporary is left
left=$(find . -regextype posix-extended \
    -regex '.*/(\.job\..*|.*\.tmp|.*\.[A-Za-z0-9]{6})')
[ -z "$left" ] || fail "left behind: $left"
# a file in the way of a product folder that is not an input (a sampler
# of the old layout, out/a) is not removed: the message says what to do
rm -r out/a
echo "not a folder" > out/a
protect out/a
msg="    write FAILED: cannot put the products in out/a/: it exists and is not"
run_expect 2 "$msg a folder; remove it or give another --out" \
    "$PPLBENCH" sample . --out=out
