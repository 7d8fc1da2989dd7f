# batch_timeout: `while (1) {}` in transformed data used to hang the
# batch forever.  With --timeout=10 the sampler is killed (its whole
# process group), reported as timed out and counted as failed; the batch
# goes on with the next model and exits 1; no process of the job is left.
# (10 s: the limit is also the C compile's, which a loaded machine slows.)
# the processes of this case whose command line matches $1 (others may
# run the same test elsewhere): those working under $W
mine() {
    here=$(cd "$W" && pwd -P)
    for pid in $(pgrep -f "$1"); do
        case "$(readlink "/proc/$pid/cwd")" in
        "$here" | "$here"/*) echo "$pid" ;;
        esac
    done
}
cat > a_spin.stan <<'STAN'
transformed data {
  while (1) {
  }
}
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
cat > b_fine.stan <<'STAN'
parameters {
  real z;
}
model {
  z ~ normal(0, 1);
}
STAN
protect a_spin.stan b_fine.stan
run_expect 1 \
    "    sampling timed out after 10 s and was stopped: see out/a_spin/a_spin.log" \
    "$PPLBENCH" sample . --out=out --timeout=10
tally="samplers: 1 built and sampled, 0 not compiled by the backend yet,"
expect_output "$tally 1 failed (1 timed out), 0 not written"
expect_output "-> out/b_fine/b_fine.csv"
grep -qF "pplbench: sampling timed out after 10 s and was stopped" \
    out/a_spin/a_spin.log || fail "the log does not say it timed out"
expect_absent out/a_spin/a_spin.csv
left=$(mine ' sample num_warmup=')
if [ -n "$left" ]; then
    fail "the sampler is still running: pid $left"
    kill -KILL $left
fi
left=$(find out -regextype posix-extended \
    -regex '.*/(\.job\..*|.*\.tmp|.*\.[A-Za-z0-9]{6})')
[ -z "$left" ] || fail "left behind: $left"
# the flag is checked
run_expect 2 \
    "pplbench: --timeout takes a number of seconds (0 for no limit); got '2s'" \
    "$PPLBENCH" sample . --out=out --timeout=2s
run_expect 2 \
    "pplbench: --timeout is for the batch mode (a folder); 'a_spin.stan' is not a folder" \
    "$PPLBENCH" a_spin.stan --timeout=2
