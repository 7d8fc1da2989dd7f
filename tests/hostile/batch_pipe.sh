# batch_pipe: `pplbench sample FOLDER | head -c 1`: the reader goes away while a
# job runs.  SIGPIPE used to end the batch in the middle of a write, with
# the job's temporaries open.  Now it stops the batch like SIGTERM: the
# job is killed, nothing unfinished is left, the error names standard
# output, exit 141 (128 + SIGPIPE).
mkdir in
for m in a b c; do
    cat > "in/$m.stan" <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
done
protect in/a.stan in/b.stan in/c.stan
bash -c '"$0" sample in --out=out 2>err.txt | head -c 1 >/dev/null;
         echo "${PIPESTATUS[0]}" >rc.txt' "$PPLBENCH"
check "$(cat rc.txt)" = 141
grep -qF "pplbench: error writing standard output: Broken pipe" err.txt ||
    fail "no orderly stop: $(cat err.txt)"
left=$(find out -regextype posix-extended \
    -regex '.*/(\.job\..*|.*\.tmp|.*\.[A-Za-z0-9]{6})')
[ -z "$left" ] || fail "left behind: $left"
