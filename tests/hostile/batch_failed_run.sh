# batch_failed_run: a sampler that fails after writing its CSV header (an
# improper posterior: "Exception initializing step size") replaced the
# previous draws with a header-only file.  Now a failed run leaves the
# earlier draws and summary; its log says why; exit 1.
cat > a.stan <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
run_expect 0 "-> out/a/a.csv" "$PPLBENCH" sample . --out=out
protect out/a/a.csv out/a/a.summary.txt
sed -i 's/  y ~ normal(0, 1);//' a.stan
run_expect 1 "    sampling FAILED (exit 1): see out/a/a.log" "$PPLBENCH" sample . --out=out
tally="samplers: 0 built and sampled, 0 not compiled by the backend yet,"
expect_output "$tally 1 failed (0 timed out), 0 not written"
grep -qF "Posterior is improper" out/a/a.log ||
    fail "the log lacks the sampler's message"
left=$(find out -regextype posix-extended \
    -regex '.*/(\.job\..*|.*\.tmp|.*\.[A-Za-z0-9]{6})')
[ -z "$left" ] || fail "left behind: $left"
