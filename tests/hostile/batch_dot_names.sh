# batch_dot_names: models named ..stan and ...stan have the stems . and
# .., whose product folders OUT/. and OUT/.. would be the output folder
# itself and the folder above it (the products beside the inputs, or
# outside --out).  Both are refused ("not written", exit 2), nothing is
# written outside OUT/, and a third model is built as usual.
mkdir in
for f in ..stan ...stan b.stan; do
    cat > "in/$f" <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
done
protect in/..stan in/...stan in/b.stan
run_expect 2 \
    "    write FAILED: the file name '..stan' leaves no name for its product folder" \
    "$PPLBENCH" sample in --out=out
expect_output "    write FAILED: the file name '...stan' leaves no name for its product folder"
tally="samplers: 1 built and sampled, 0 not compiled by the backend yet,"
expect_output "$tally 0 failed (0 timed out), 2 not written; products in out/"
check "$(ls -A out | tr '\n' ' ')" = ".pplbench.lock b "
check "$(ls -A . | tr '\n' ' ')" = ".out .protected in out "
check "$(ls -A in | tr '\n' ' ')" = "...stan ..stan b.stan "
