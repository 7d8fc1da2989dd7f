# falling_factorial and rising_factorial of ints (Stan Functions Reference,
# "Combinatorial functions": int falling_factorial(int x, int n), int
# rising_factorial(int x, int n)): Stan Math computes a double and
# converts it to int, undefined behaviour past INT_MAX; here the exact
# product, and a product outside the range of int is an error that names
# the call, as choose's is.  A negative n is Stan's check_nonnegative, for
# the int and the real forms, scalars and arrays; a NaN x of the real form
# is Stan's check_not_nan.  Before, the int forms converted the double
# (20 * 19 * ... * 1 came out as -2147483648, a negative n too) and the
# real form returned NaN.  Built a second time with UBSan, which must stay
# silent on every case.
cat > ff.stan <<'STAN'
data {
  int op;
  int a;
  int b;
  real x;
}
transformed data {
  int r = 0;
  real f = 0;
  array[2] int rs = {0, 0};
  if (op == 1) r = falling_factorial(a, b);
  if (op == 2) r = rising_factorial(a, b);
  if (op == 3) rs = falling_factorial({a, a + 1}, b);
  if (op == 4) rs = rising_factorial(a, {b, b + 1});
  if (op == 5) f = falling_factorial(x, b);
  if (op == 6) f = rising_factorial(x, b);
  print("r=", r, " rs=", rs, " f=", f);
}
parameters { real mu; }
model {
  mu ~ normal(0, 1);
}
STAN
run_expect 0 "built" "$PPLBENCH" build ff.stan -o ff
PPLBENCH_CFLAGS="-fsanitize=undefined -fno-sanitize-recover=all" \
    run_expect 0 "built" "$PPLBENCH" build ff.stan -o ff_ubsan

# case OP A B X EXIT TEXT: both samplers, exact exit and message
case_ff() {
    printf '{"op": %s, "a": %s, "b": %s, "x": %s}\n' "$1" "$2" "$3" "$4" \
        > "d$1.json"
    for exe in ff ff_ubsan; do
        run_expect "$5" "$6" "./$exe" sample num_samples=10 num_warmup=10 \
            data file="d$1.json" output file=o.csv
        expect_no_output "runtime error"
    done
}
td="Error in the data or transformed data of ff_model:"
range="but must be in the range of int [-2147483648, 2147483647]"
case_ff 1 5 3 0 0 "r=60 "
case_ff 1 3 5 0 0 "r=0 "
case_ff 1 -3 3 0 0 "r=-60 "
case_ff 2 -2 5 0 0 "r=0 "
case_ff 2 1 12 0 0 "r=479001600 "
case_ff 1 20 20 0 1 "$td
falling_factorial: falling_factorial(20, 20) is 2.4329e+18, $range"
case_ff 2 1 13 0 1 "$td
rising_factorial: rising_factorial(1, 13) is 6.22702e+09, $range"
case_ff 1 -2147483648 2 0 1 "falling_factorial(-2147483648, 2) is 4.61169e+18"
case_ff 1 5 -1 0 1 "$td
falling_factorial: second argument is -1, but must be nonnegative!"
case_ff 3 5 2 0 0 "rs=[20,30] "
case_ff 3 12 12 0 1 "falling_factorial: falling_factorial(13, 12) is 6.22702e+09"
case_ff 4 3 2 0 0 "rs=[12,60] "
case_ff 4 3 -2 0 1 "rising_factorial: second argument is -2, but must be nonnegative!"
case_ff 5 0 2 5.5 0 "f=24.75"
case_ff 5 0 -1 5.5 1 "$td
falling_factorial: second argument is -1, but must be nonnegative!"
case_ff 6 0 -3 2.5 1 "rising_factorial: second argument is -3, but must be nonnegative!"
case_ff 6 0 2 NaN 1 "rising_factorial: first argument is nan, but must not be nan!"
