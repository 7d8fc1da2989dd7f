# size_matrix_overflow: a matrix[N, N] in generated quantities whose N*N
# does not fit int (issue 7, item 2): before, N = 65536 aborted with
# "malloc(): corrupted top size", 46341 segfaulted and 100000 wrapped and
# ran.  Now each is refused where z is declared, naming z, its dimensions
# and the limit, exit 1, no output file.
cat > gq.stan <<'STAN'
data { int N; }
parameters { real x; }
model { x ~ normal(0, 1); }
generated quantities { matrix[N, N] z; }
STAN
run_expect 0 "" "$PPLBENCH" build gq.stan -o gq
for n in 65536 46341 100000; do
    echo "{\"N\": $n}" > n$n.json
    protect n$n.json
    want="variable z is too large: its dimensions $n x $n make"
    want="$want $((n * n)) elements, more than the limit of 2147483647"
    run_expect 1 "$want" \
        ./gq sample num_samples=2 num_warmup=2 data file=n$n.json output file=o$n.csv
    expect_absent o$n.csv
done
# an empty matrix is fine
echo '{"N": 0}' > n0.json
run_expect 0 "" ./gq sample num_samples=2 num_warmup=2 data file=n0.json output file=o0.csv
check -s o0.csv
