# size_tdata_array3: array[N, N, N] in transformed data, as a variable and
# as a local of a nested block, with N^3 past int (issue 7, item 2): 2000^3
# wrapped to a negative count, 1291^3 just past INT_MAX.  Refused naming
# the variable, exit 1.
cat > td.stan <<'STAN'
data { int N; int M; }
transformed data {
  array[M, M, M] real a;
  {
    array[N, N, N] int b;
    print("made b");
  }
}
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
run_expect 0 "" "$PPLBENCH" build td.stan -o td
echo '{"N": 1, "M": 2000}' > a.json
want="variable a is too large: its dimensions 2000 x 2000 x 2000"
want="$want make 8000000000 elements, more than the limit of 2147483647"
run_expect 1 "$want" \
    ./td sample data file=a.json output file=a.csv
expect_absent a.csv
echo '{"N": 1291, "M": 1}' > b.json
want="variable b is too large: its dimensions 1291 x 1291 x 1291"
want="$want make 2151685171 elements, more than the limit of 2147483647"
run_expect 1 "$want" \
    ./td sample data file=b.json output file=b.csv
expect_no_output "made b"
expect_absent b.csv
echo '{"N": 3, "M": 3}' > ok.json
run_expect 0 "made b" ./td sample num_samples=2 num_warmup=2 data file=ok.json output file=ok.csv
