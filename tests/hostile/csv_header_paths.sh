# File names go into the CSV header's comment lines: one with a newline
# must not split the header (a line that is neither a comment nor data).
# A control character or a backslash is written as \ooo.
printf 'parameters { real mu; }\nmodel { mu ~ normal(0, 1); }\n' > m.stan
data=$(printf 'd\nx\\y.json')
printf '{}' > "$data"
run_expect 0 "built exe" "$PPLBENCH" build m.stan -o exe
run_expect 0 "" ./exe sample num_samples=5 num_warmup=5 data file="$data" \
    output file=o.csv
grep -qxF '#   file = d\012x\134y.json' o.csv || fail "o.csv: the data file line"
# every line is a comment, the column names or a draw
check "$(grep -vc '^#' o.csv)" -eq 6
check "$(grep -v '^#' o.csv | head -1 | cut -d, -f1)" = lp__
