# Item 6: output onto a device or a fifo is written in place, never
# replaced by a rename: /dev/null stays a character device, a fifo stays a
# fifo and its reader gets the CSV, and /dev/full is a write error naming
# the path and the reason.
# As root a regression would replace the system's /dev/null: nodes of our
# own (lib.sh).
device_nodes
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model { y ~ normal(mu, 1); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
run_expect 0 "built es" "$PPLBENCH" build m.stan -o es
protect m.stan d.json es $null $full

short="num_samples=20 num_warmup=20 random seed=3"
run_expect 0 "" ./es sample $short data file=d.json output file=$null
check -c $null
run_expect 1 "error writing $full: No space left on device" \
    ./es sample $short data file=d.json output file=$full
check -c $full

mkfifo pipe
cat pipe > got.csv &
reader=$!
run_expect 0 "" ./es sample $short data file=d.json output file=pipe
if [ ! -p pipe ]; then
    # replaced: the reader waits for a writer that never comes
    fail "the fifo was replaced"
    kill $reader
fi
wait $reader
grep -q '^lp__,accept_stat__' got.csv || fail "the fifo's reader got no header"
rows=$(grep -c '^[-0-9]' got.csv)
[ "$rows" -eq 20 ] || fail "the fifo's reader got $rows draws, expected 20"
# the same draws as a run into a regular file
run_expect 0 "" ./es sample $short data file=d.json output file=file.csv
grep '^[-0-9]' got.csv | cut -d, -f8 > a.txt
grep '^[-0-9]' file.csv | cut -d, -f8 > b.txt
cmp -s a.txt b.txt || fail "the draws through the fifo differ from the file's"
expect_absent pipe.?????? file.csv.??????
