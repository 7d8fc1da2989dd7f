# Stan int arithmetic never wraps (signed overflow is undefined in C):
# each operation that leaves int, from data, is an error that names it;
# division and modulus by zero are Stan Math's errors; INT_MIN % -1 is 0.
# In transformed data every error stops the run (exit 1).  The sampler is
# built a second time with UBSan (PPLBENCH_CFLAGS), which must stay silent
# on every case, including the loops whose bounds are INT_MAX and INT_MIN.
cat > ops.stan <<'STAN'
data {
  int op;
  int a;
  int b;
  array[3] int xs;
}
transformed data {
  int r = 0;
  array[3] int cs = {0, 0, 0};
  if (op == 1) r = a + b;
  if (op == 2) r = a - b;
  if (op == 3) r = a * b;
  if (op == 4) r = a %/% b;
  if (op == 5) r = a % b;
  if (op == 6) r = -a;
  if (op == 7) r = abs(a);
  if (op == 8) r = sum(xs);
  if (op == 9) r = prod(xs);
  if (op == 10) cs = cumulative_sum(xs);
  if (op == 11) { r = a; r += b; }
  if (op == 12) { r = a; r *= b; }
  if (op == 13) { r = a; r -= b; }
  if (op == 14) r = a / b;
  if (op == 15) for (i in a:b) r += 1;
  if (op == 16) for (i in a:b) r = i;
  print("r=", r, " cs=", cs);
}
parameters { real mu; }
model {
  mu ~ normal(0, 1);
}
STAN
run_expect 0 "built" "$PPLBENCH" build ops.stan -o ops
PPLBENCH_CFLAGS="-fsanitize=undefined -fno-sanitize-recover=all" \
    run_expect 0 "built" "$PPLBENCH" build ops.stan -o ops_ubsan

max=2147483647
min=-2147483648
# case OP A B XS EXIT TEXT: both samplers, exact exit and message
case_op() {
    printf '{"op": %s, "a": %s, "b": %s, "xs": %s}\n' "$1" "$2" "$3" \
        "$4" > "d$1.json"
    for exe in ops ops_ubsan; do
        run_expect "$5" "$6" "./$exe" sample num_samples=10 num_warmup=10 \
            data file="d$1.json" output file=o.csv
        expect_no_output "runtime error"
    done
}
ovf="Error in the data or transformed data of ops_model:
integer overflow in"
case_op 1 $max 1 '[0,0,0]' 1 "$ovf 2147483647 + 1"
case_op 1 $min -1 '[0,0,0]' 1 "$ovf -2147483648 + -1"
case_op 2 $min 1 '[0,0,0]' 1 "$ovf -2147483648 - 1"
case_op 2 $max -1 '[0,0,0]' 1 "$ovf 2147483647 - -1"
case_op 3 65536 65536 '[0,0,0]' 1 "$ovf 65536 * 65536"
case_op 3 $min -1 '[0,0,0]' 1 "$ovf -2147483648 * -1"
case_op 4 $min -1 '[0,0,0]' 1 "$ovf -2147483648 %/% -1"
case_op 14 $min -1 '[0,0,0]' 1 "$ovf -2147483648 %/% -1"
case_op 6 $min 0 '[0,0,0]' 1 "$ovf -(-2147483648)"
case_op 7 $min 0 '[0,0,0]' 1 "$ovf abs(-2147483648)"
case_op 8 0 0 "[$max,0,1]" 1 \
    "$ovf sum of an int array: 2147483647 + 1 at element 3"
case_op 9 0 0 '[65536,2,32768]' 1 \
    "$ovf prod of an int array: 131072 * 32768 at element 3"
case_op 10 0 0 "[$min,-1,0]" 1 \
    "$ovf cumulative_sum of an int array: -2147483648 + -1 at element 2"
case_op 11 $max 1 '[0,0,0]' 1 "$ovf 2147483647 + 1"
case_op 12 $min -1 '[0,0,0]' 1 "$ovf -2147483648 * -1"
case_op 13 $min 1 '[0,0,0]' 1 "$ovf -2147483648 - 1"
# division and modulus by zero: Stan Math's domain errors
case_op 4 7 0 '[0,0,0]' 1 "divide: denominator is 0"
case_op 14 7 0 '[0,0,0]' 1 "divide: denominator is 0"
case_op 5 7 0 '[0,0,0]' 1 "modulus: divisor is 0"
# results at the edges, exact
case_op 5 $min -1 '[0,0,0]' 0 "r=0 "
case_op 5 -7 2 '[0,0,0]' 0 "r=-1 "
case_op 4 -7 2 '[0,0,0]' 0 "r=-3 "
case_op 1 $max 0 '[0,0,0]' 0 "r=2147483647 "
case_op 6 $max 0 '[0,0,0]' 0 "r=-2147483647 "
case_op 8 0 0 "[$max,$min,1]" 0 "r=0 "
case_op 10 0 0 "[$max,$min,-1]" 0 "cs=[2147483647,-1,-2]"
# loops to INT_MAX and from INT_MIN end (the counter does not wrap)
case_op 15 2147483645 $max '[0,0,0]' 0 "r=3 "
case_op 16 2147483645 $max '[0,0,0]' 0 "r=2147483647 "
case_op 16 $min -2147483647 '[0,0,0]' 0 "r=-2147483647 "

# the model block: overflow rejects the proposal (as Stan's domain errors
# do); loops over the edges of int run forwards and in reverse (the
# gradient), under UBSan too
cat > loop.stan <<'STAN'
data { int lo; int hi; }
parameters { real mu; }
model {
  for (i in lo:hi) mu ~ normal(i %/% 1000000000, 1);
}
STAN
PPLBENCH_CFLAGS="-fsanitize=undefined -fno-sanitize-recover=all" \
    run_expect 0 "built" "$PPLBENCH" build loop.stan -o loop
echo "{\"lo\": 2147483645, \"hi\": $max}" > up.json
echo "{\"lo\": $min, \"hi\": -2147483646}" > down.json
for d in up down; do
    run_expect 0 "Elapsed Time" ./loop sample num_samples=50 num_warmup=50 \
        data file=$d.json output file=$d.csv
    expect_no_output "runtime error"
    check "$(grep -vc '^#' $d.csv)" -eq 51
done
cat > rej.stan <<'STAN'
data { int big; }
parameters { real<lower=0, upper=4> mu; }
model {
  int k = big + (mu > 2);
}
STAN
PPLBENCH_CFLAGS="-fsanitize=undefined -fno-sanitize-recover=all" \
    run_expect 0 "built" "$PPLBENCH" build rej.stan -o rej
echo "{\"big\": $max}" > big.json
run_expect 0 "integer overflow in 2147483647 + 1" ./rej sample \
    num_samples=50 num_warmup=50 data file=big.json output file=rej.csv
expect_output "Informational Message"
expect_no_output "runtime error"
