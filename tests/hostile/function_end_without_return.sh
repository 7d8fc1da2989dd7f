# function_end_without_return: stanc3 accepts a function whose every path
# returns inside a loop; when the loop runs no iteration the end of the
# function is reached.  Before, the function returned its uninitialized
# result (NaN: "Location parameter is nan"); now that evaluation is
# rejected with a message naming the function, and the sampler says so.
cp "$ROOT/tests/run/models/return_in_loop.stan" m.stan
printf '{"N": 0, "y": []}\n' > empty.json
protect m.stan empty.json
run_expect 0 "" "$PPLBENCH" build m.stan -o exe
run_expect 1 "first_positive: the end of the function was reached without a return" \
    ./exe sample num_samples=5 num_warmup=5 data file=empty.json output file=o.csv
expect_no_output "nan"
