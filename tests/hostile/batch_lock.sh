# batch_lock: two batches into one --out.  The first holds the lock of
# its output folder while its sampler waits on a data fifo; a second batch
# into the same folder is refused (exit 2, naming the folder) and writes
# nothing; the first then finishes with its draws.
mkdir in
cat > in/a.stan <<'STAN'
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
protect in/a.stan
mkfifo in/a.data.json
"$PPLBENCH" sample in --out=out --timeout=100 >first.out 2>&1 &
first=$!
# the first batch holds the lock once it has written the C file
i=0
while [ ! -f out/a/a.c ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
check -f out/a/a.c
msg="pplbench: another pplbench batch is writing to out (it holds the lock"
msg="$msg out/.pplbench.lock); wait until it ends or give another --out"
run_expect 2 "$msg" "$PPLBENCH" sample in --out=out
expect_no_output "a.stan"
# let the first batch's sampler read its data from the fifo, and end
timeout 60 sh -c 'echo "{\"mu\": 1.5}" > in/a.data.json' ||
    fail "no sampler read the data fifo"
wait $first
rc=$?
check $rc -eq 0
grep -qF "sampled 200+200 draws" first.out ||
    fail "the first batch did not sample: $(cat first.out)"
check -s out/a/a.csv
