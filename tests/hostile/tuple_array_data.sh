# An array of tuples read from JSON as CmdStan writes it (an array of
# objects keyed "1", "2", ...: CmdStan Guide, "JSON Format for CmdStan"):
# a tuple with a slot missing, one with a slot too many, a number where a
# tuple belongs, a nested tuple given as an array, an int slot holding a
# real, a vector slot of the wrong length, an array of the wrong length
# and a constrained slot out of its bounds each exit 1 with a message
# naming the variable and the element; nothing is written.  Before, the
# backend refused every array of tuples.
cat > ta.stan <<'STAN'
data {
  int N;
  array[N] tuple(real<lower=0>, vector[2], tuple(int, real)) d;
}
generated quantities {
  real s = d[N].1 + d[1].3.2;
}
STAN
run_expect 0 "built" "$PPLBENCH" build ta.stan -o ta
good='{"1": 2, "2": [3, 4], "3": {"1": 2, "2": 1.5}}'
first='{"1": 1, "2": [1, 2], "3": {"1": 1, "2": 0.5}}'
# the message for a tuple that is not exactly 3 slots, found WHAT
not3='variable d: d[2] should be a tuple of 3 (an object with the keys "1" to'
bad() {
    printf '{"N": 2, "d": [%s, %s]}\n' "$first" "$1" > d.json
    run_expect 1 "$2" ./ta sample num_samples=1 data file=d.json \
        output file=o.csv
    expect_absent o.csv
}
bad '{"1": 2, "2": [3, 4]}' \
    "$not3 \"3\"), found an object with 2 members"
bad '{"1": 2, "2": [3, 4], "3": {"1": 2, "2": 1.5}, "4": 0}' \
    "$not3 \"3\"), found an object with 4 members"
bad '{"1": 2, "2": [3, 4], "x": {"1": 2, "2": 1.5}}' \
    "$not3 \"3\"), found an object with 3 members"
bad '7' \
    "$not3 \"3\"), found a number"
bad '{"1": 2, "2": [3, 4], "3": [2, 1.5]}' \
    'variable d: d[2].3 should be a tuple of 2 (an object with the keys "1" to "2"), found an array'
bad '{"1": 2, "2": [3, 4], "3": {"1": 2.5, "2": 1.5}}' \
    'int variable d.3.1 has a non-int value: d[2].3.1 = 2.5'
bad '{"1": 2, "2": [3, 4, 5], "3": {"1": 2, "2": 1.5}}' \
    'mismatch in dimension 2 of variable d.2: declared 2, found 3 (in d[2].2)'
bad '{"1": "two", "2": [3, 4], "3": {"1": 2, "2": 1.5}}' \
    'variable d.1 has a non-numeric value: d[2].1 = "two"'
bad '{"1": -2, "2": [3, 4], "3": {"1": 2, "2": 1.5}}' \
    'd.1[2] is -2, but must be greater than or equal to 0'
printf '{"N": 3, "d": [%s, %s]}\n' "$first" "$good" > d.json
run_expect 1 'mismatch in dimension 1 of variable d.1: declared 3, found 2 (in d)' \
    ./ta sample num_samples=1 data file=d.json output file=o.csv
printf '{"N": 2, "d": %s}\n' "$first" > d.json
run_expect 1 'variable d: d should be an array of 2 tuples, found an object' \
    ./ta sample num_samples=1 data file=d.json output file=o.csv
expect_absent o.csv
# the good file: read whole
printf '{"N": 2, "d": [%s, %s]}\n' "$first" "$good" > d.json
run_expect 0 "" ./ta sample num_samples=1 data file=d.json output file=o.csv
check "$(grep -v '^#' o.csv | sed -n 2p)" = "0,0,2.5"
