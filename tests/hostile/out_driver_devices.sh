# Items 6 and 14 for pplbench: --o=/dev/null writes the device in place;
# a write error on standard output or on --o (a full device) is exit 2
# with a message naming it and the reason, for every command: --info,
# --auto-format, --version, --help, summary; and the sampler's echo.
# As root a regression would replace the system's /dev/null: nodes of our
# own (lib.sh).
device_nodes
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model { y ~ normal(mu, 1); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
protect m.stan d.json $null $full

run_expect 0 "" "$PPLBENCH" --o=$null m.stan
check -c $null
run_expect 2 "pplbench: error writing $full: No space left on device" \
    "$PPLBENCH" --o=$full m.stan
check -c $full
# output past stdio's buffer fails during the write, not at the close:
# the message still carries the reason the write gave
{ echo 'transformed data {'
  i=0; while [ $i -lt 400 ]; do echo "  real x$i = $i;"; i=$((i + 1)); done
  echo '}'; } > big.stan
run_expect 2 "pplbench: error writing $full: No space left on device" \
    "$PPLBENCH" --auto-format --o=$full big.stan

full() {
    want=$1; shift
    "$@" > /dev/full 2> err.txt
    rc=$?
    [ $rc -eq 2 ] || fail "exit $rc, expected 2: $* > /dev/full"
    grep -qF "$want" err.txt || fail "no \"$want\": $* > /dev/full: $(cat err.txt)"
}
msg="pplbench: error writing standard output: No space left on device"
full "$msg" "$PPLBENCH" --version
full "$msg" "$PPLBENCH" --info m.stan
full "$msg" "$PPLBENCH" --auto-format m.stan
full "$msg" "$PPLBENCH" --help

run_expect 0 "built es" "$PPLBENCH" build m.stan -o es
run_expect 0 "" ./es sample num_samples=50 num_warmup=50 data file=d.json \
    output file=o.csv
protect o.csv
full "$msg" "$PPLBENCH" summary o.csv
# the sampler too: its configuration echo to a full stdout is an error
./es sample num_samples=5 num_warmup=5 data file=d.json output file=o2.csv \
    > /dev/full 2> err.txt
rc=$?
[ $rc -eq 1 ] || fail "sampler > /dev/full: exit $rc, expected 1"
grep -qF "error writing standard output: No space left on device" err.txt ||
    fail "sampler > /dev/full: $(cat err.txt)"
