# Data of the constrained matrix types the backend once refused to
# compile ("does not compile the \"sum_to_zero\" check yet"):
# sum_to_zero_matrix, column_stochastic_matrix and row_stochastic_matrix.
# Good data is accepted; bad data is rejected before sampling, with exit
# 1, no output file and Stan Math's message (check_sum_to_zero of a
# matrix: every row, then every column, sums to zero within 1e-8;
# check_stochastic_column / _row: each element non-negative, each column
# / row sums to 1, the element named with its row index twice as Stan
# prints it).  The same for the third element of an array of them.
#
# case NAME DECL GOOD BAD MESSAGE
nonneg='but should be greater than or equal to 0'
case_matrix() {
    cat > "$1.stan" <<STAN
data {
  $2 z;
  array[3] $2 za;
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
    run_expect 0 "built" "$PPLBENCH" build "$1.stan" -o "$1"
    printf '{"z": %s, "za": [%s, %s, %s]}\n' "$3" "$3" "$3" "$3" \
        > "$1_ok.json"
    printf '{"z": %s, "za": [%s, %s, %s]}\n' "$4" "$3" "$3" "$3" \
        > "$1_bad.json"
    printf '{"z": %s, "za": [%s, %s, %s]}\n' "$3" "$3" "$3" "$4" \
        > "$1_bad_a.json"
    run_expect 0 "Elapsed Time" "./$1" sample num_samples=10 num_warmup=10 \
        data file="$1_ok.json" output file="$1_ok.csv"
    run_expect 1 "Error in the data or transformed data of $1_model:" \
        "./$1" sample num_samples=10 num_warmup=10 data file="$1_bad.json" \
        output file="$1_bad.csv"
    expect_output "$5"
    expect_absent "$1_bad.csv"
    run_expect 1 "Error in the data or transformed data of $1_model:" \
        "./$1" sample num_samples=10 num_warmup=10 \
        data file="$1_bad_a.json" output file="$1_bad_a.csv"
    # an element of an array: the same check (its name aside: the
    # backend names the array, Stan the element, za[3])
    expect_output "$(printf %s "$5" | sed 's/^z \([a-z ]*\)\..*/\1/')"
    expect_output "$(printf %s "$5" | sed 's/.*\]//')"
    expect_absent "$1_bad_a.csv"
}
# rows sum to 0, the second column to 0.25
case_matrix stz_col 'sum_to_zero_matrix[2, 3]' \
    '[[1, -0.5, -0.5], [-1, 0.5, 0.5]]' '[[1, -0.25, -0.75], [-1, 0.5, 0.5]]' \
    'z does not sum to zero. sum(z[:, 2]) = 0.25, but should be 0'
# the first row sums to 0.1: rows are checked before columns
case_matrix stz_row 'sum_to_zero_matrix[2, 2]' '[[1, -1], [-1, 1]]' \
    '[[1.1, -1], [-1, 1]]' \
    'z does not sum to zero. sum(z[1, :]) = 0.1, but should be 0'
case_matrix stz_tol 'sum_to_zero_matrix[2, 2]' '[[1, -1], [-1, 1.000000001]]' \
    '[[1, -1], [-1, 1.0001]]' \
    'z does not sum to zero. sum(z[2, :]) = 0.0001, but should be 0'
case_matrix cs_sum 'column_stochastic_matrix[2, 2]' '[[0.5, 0.25], [0.5, 0.75]]' \
    '[[0.5, 0.25], [0.5, 0.95]]' \
    'z is not a valid column stochastic matrix. sum(z[:, 2]) = 1.2, but should be 1'
case_matrix cs_neg 'column_stochastic_matrix[2, 2]' '[[0.5, 0.25], [0.5, 0.75]]' \
    '[[0.5, 1.25], [0.5, -0.25]]' \
    "z is not a valid column stochastic matrix. z[2, 2] = -0.25, $nonneg"
case_matrix rs_sum 'row_stochastic_matrix[2, 3]' \
    '[[0.5, 0.25, 0.25], [0, 0, 1]]' '[[0.5, 0.25, 0.25], [0, 0.5, 1]]' \
    'z is not a valid row stochastic matrix. sum(z[2,:]) = 1.5, but should be 1'
case_matrix rs_neg 'row_stochastic_matrix[2, 3]' \
    '[[0.5, 0.25, 0.25], [0, 0, 1]]' '[[0.5, 0.25, 0.25], [0, -0.5, 1.5]]' \
    "z is not a valid row stochastic matrix. z[2, 2] = -0.5, $nonneg"
