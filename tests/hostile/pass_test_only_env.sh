# pass_test_only_env: the deliberately wrong passes (fault-*) exist for the
# validator's tests only.  --list-passes never shows them; --passes refuses
# them (exit 2, naming the variable) unless PPLBENCH_TEST_PASSES=1 is in
# the environment ("0", "" or "yes" do not enable them); with it they run.
cat > m.stan <<'STAN'
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
STAN
run_expect 0 "" "$PPLBENCH" --list-passes
expect_no_output "fault-"
refusal="is a deliberately wrong pass for the tests; it runs only with"
refusal="$refusal PPLBENCH_TEST_PASSES=1 in the environment"
for p in fault-drop-target fault-plus-minus fault-drop-print fault-both-arms; do
    run_expect 2 "--passes: '$p' $refusal" \
        env -u PPLBENCH_TEST_PASSES "$PPLBENCH" --passes="$p" \
        --debug-optimized-mir-pretty m.stan
    for v in 0 "" yes; do
        run_expect 2 "it runs only with PPLBENCH_TEST_PASSES=1" \
            env PPLBENCH_TEST_PASSES="$v" "$PPLBENCH" --passes="inline,$p" \
            --debug-optimized-mir-pretty m.stan
    done
done
run_expect 0 "log_prob {" env PPLBENCH_TEST_PASSES=1 "$PPLBENCH" \
    --passes=fault-drop-target --debug-optimized-mir-pretty m.stan
expect_no_output "target +="
