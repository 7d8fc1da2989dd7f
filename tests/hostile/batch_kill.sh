# batch_kill: SIGTERM to a batch while its first model's sampler spins.
# It used to leave NAME.tmp files, orphan the sampler and truncate the
# model's log.  Now the batch kills the sampler's process group, removes
# the job's temporaries, keeps the results of an earlier run (draws, log,
# summary), reports what it finished and exits 143.
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
mkdir in
cat > in/a.stan <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
run_expect 0 "-> out/a/a.csv" "$PPLBENCH" sample in --out=out
protect out/a/a.csv out/a/a.log out/a/a.summary.txt
cat > in/a.stan <<'STAN'
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
cp in/a.stan in/b.stan
"$PPLBENCH" sample in --out=out >kill.out 2>&1 &
batch=$!
i=0
while [ -z "$(mine ' sample num_warmup=')" ] && [ $i -lt 600 ]; do
    sleep 0.1; i=$((i + 1))
done
[ -n "$(mine ' sample num_warmup=')" ] || fail "the sampler never started"
kill -TERM $batch
wait $batch
rc=$?
check $rc -eq 143
msg="interrupted by signal 15 (SIGTERM): stopped after 0 of 2 models;"
grep -qF "$msg the finished results are kept" kill.out ||
    fail "no interruption report: $(cat kill.out)"
grep -qF "    interrupted: the running job was killed; nothing unfinished was kept" \
    kill.out || fail "no line for the interrupted model: $(cat kill.out)"
left=$(mine ' sample num_warmup=')
if [ -n "$left" ]; then
    fail "the sampler is still running: pid $left"
    kill -KILL $left
fi
left=$(find out -regextype posix-extended \
    -regex '.*/(\.job\..*|.*\.tmp|.*\.[A-Za-z0-9]{6})')
[ -z "$left" ] || fail "left behind: $left"
expect_absent out/b
