# batch_ice: an internal compiler error in one model of a batch called
# abort() and ended the whole corpus run (only the single-model command
# set the recovery point).  Now every model's compilation runs through
# one protected pipeline (driver/pipeline.c): the internal error is that
# model's result, counted as failed, with a message naming the model, and
# the batch goes on to the next model; exit 1.  The error comes from the
# test build's hook (PPLBENCH_TEST_ICE=STAGE:FILE, compiled into
# $BUILD/pplbench_test only), at each stage of the pipeline.
T="$BUILD/pplbench_test"
[ -x "$T" ] || fail "$T is missing: make units builds it"
mkdir models
for m in a b; do
    cat > models/$m.stan <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
done
protect models/a.stan models/b.stan

# the batch: a has the internal error, b is still built and sampled
ice="Internal compiler error: driver/pipeline.c:"
tally="samplers: 1 built and sampled, 0 not compiled by the backend yet,"
for stage in lower transform optimize emit; do
    rm -rf out
    PPLBENCH_TEST_ICE=$stage:a.stan \
        run_expect 1 "    not built: an internal compiler error in models/a.stan:" \
        "$T" models --out=out
    expect_output "    $ice"
    expect_output "PPLBENCH_TEST_ICE: an internal error at the $stage stage of a.stan"
    expect_output "-> out/b/b.csv"
    expect_output "$tally 1 failed (0 timed out, 1 internal compiler error), 0 not written"
    expect_no_output "Aborted"
    expect_absent out/a/a.c out/a/a.csv
    check -s out/b/b.csv
done

# the single-model command: exit 3, the message, no C file left behind
PPLBENCH_TEST_ICE=emit:a.stan \
    run_expect 3 "$ice" "$T" models/a.stan --o=a.c
expect_output "This should never happen. Please report it as a bug in pplbench."
expect_absent a.c
PPLBENCH_TEST_ICE=lower:a.stan \
    run_expect 3 "the lower stage of a.stan" "$T" --debug-mir-pretty models/a.stan

# without the hook's variable the test build is pplbench: both models build
rm -rf out
run_expect 0 "samplers: 2 built and sampled" "$T" models --out=out
# and build/pplbench has no such hook
PPLBENCH_TEST_ICE=emit:a.stan run_expect 0 "" "$PPLBENCH" models/a.stan --o=a.c
check -s a.c
