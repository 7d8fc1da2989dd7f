# size_oom: out of memory is an error, not a signal (issue 7, item 4).  A
# vector[N] with N = 1e9 (8 GB) under a 2 GB address-space limit: before,
# the unchecked allocation segfaulted; now the message names the bytes and
# the variable, exit 1, no output file.  The same for N = 2^31 - 1 (16 GB)
# and for an int array output (the outputs' names and storage).
cat > oom.stan <<'STAN'
data { int N; }
transformed data { vector[N] y = rep_vector(1, N); print("sum=", sum(y)); }
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
run_expect 0 "" "$PPLBENCH" build oom.stan -o oom
echo '{"N": 1000000000}' > big.json
# under make asan the sampler carries AddressSanitizer, whose shadow
# memory does not start under ulimit -v: its allocator's own limit (and
# NULL instead of an abort) gives the same failed malloc
limit() {
    if grep -q __asan_init "$1"; then
        limits=allocator_may_return_null=1:max_allocation_size_mb=2000
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}$limits"
        export ASAN_OPTIONS
    else
        ulimit -v 2000000
    fi
}
(limit ./oom
 run_expect 1 "out of memory: cannot allocate 8000000000 bytes for y" \
     ./oom sample data file=big.json output file=big.csv
 expect_no_output "sum="
 exit $case_failed) || fail "transformed data under ulimit -v"
expect_absent big.csv
# the largest size an int holds: 2^31 - 1 doubles
echo '{"N": 2147483647}' > max.json
(limit ./oom
 run_expect 1 "out of memory: cannot allocate 17179869176 bytes for y" \
     ./oom sample data file=max.json output file=max.csv
 exit $case_failed) || fail "N = 2^31 - 1 under ulimit -v"
expect_absent max.csv
# int elements: 4 bytes each
cat > ints.stan <<'STAN'
data { int N; }
parameters { real x; }
model { x ~ normal(0, 1); }
generated quantities { array[N] int k; }
STAN
run_expect 0 "" "$PPLBENCH" build ints.stan -o ints
(limit ./ints
 run_expect 1 "out of memory: cannot allocate" \
     ./ints sample data file=big.json output file=ints.csv
 exit $case_failed) || fail "generated quantities under ulimit -v"
expect_absent ints.csv
