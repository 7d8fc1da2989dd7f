# fe_long_chains.sh - long operator chains (issue 7, item 9): every later
# stage walks an expression recursively, so the parser refuses more than
# 500 levels of nesting with a syntax error instead of a stack overflow,
# and a program at the limit goes through every stage, the C backend
# included, and a 500-term sum builds and runs.
#
# chain KIND N: a program whose transformed data holds an expression of N
# levels of KIND, 20 terms to a line.
chain() {
    awk -v kind="$1" -v n="$2" 'BEGIN {
        print "transformed data {"
        print "  vector[3] v = [1, 2, 3]'"'"';"
        ty = "real"; pre = ""; post = ""; sep = ""; term = "1.0"
        if (kind == "sum") sep = " + "
        else if (kind == "product") sep = " * "
        else if (kind == "and") { sep = " && "; term = "1"; ty = "int" }
        else if (kind == "less") { sep = " < "; term = "1"; ty = "int" }
        else if (kind == "power") sep = " ^ "
        else if (kind == "transpose")  # an odd count makes a row vector
            ty = (n - 1) % 2 ? "row_vector[3]" : "vector[3]"
        else if (kind == "index") { ty = "vector[3]"; term = "v" }
        printf "  %s s = ", ty
        if (sep != "") {
            for (i = 1; i <= n; i++)
                printf "%s%s%s", term, (i < n ? sep : ""),
                       (i % 20 == 0 ? "\n    " : "")
        } else if (kind == "transpose" || kind == "index") {
            printf "v"
            for (i = 1; i < n; i++)
                printf "%s%s", (kind == "index" ? "[1:3]" : "'"'"'"),
                       (i % 20 == 0 ? "\n    " : "")
        } else {
            if (kind == "prefix") { pre = "-"; post = "" }
            else if (kind == "parens") { pre = "("; post = ")" }
            else if (kind == "calls") { pre = "fabs("; post = ")" }
            else if (kind == "ternary") { pre = "1 ? 1.0 : "; post = "" }
            for (i = 1; i < n; i++)
                printf "%s%s", pre, (i % 20 == 0 ? "\n    " : "")
            printf "1.0"
            for (i = 1; i < n; i++)
                printf "%s%s", post, (i % 20 == 0 ? "\n    " : "")
        }
        print ";"
        print "  print(\"s=\", s);"
        print "}"
        print "parameters { real mu; }"
        print "model { mu ~ normal(0, 1); }"
    }'
}

ulimit -s 8192
kinds="sum product and less power transpose index prefix parens calls ternary"
msg="Expression nesting too deep (more than 500 levels)"

# far past the limit (the 50,000 and 100,000): a syntax error
for k in $kinds; do
    chain "$k" 50000 > "long_$k.stan"
    run_expect 1 "$msg" "$PPLBENCH" "long_$k.stan"
    expect_output "Syntax error in 'long_$k.stan', line"
done
chain index 100000 > long_index_100k.stan
run_expect 1 "$msg" "$PPLBENCH" long_index_100k.stan
chain transpose 100000 > long_transpose_100k.stan
run_expect 1 "$msg" "$PPLBENCH" long_transpose_100k.stan

# one past the limit: refused; at the limit: every stage takes it
for k in $kinds; do
    chain "$k" 501 > "over_$k.stan"
    run_expect 1 "$msg" "$PPLBENCH" "over_$k.stan"
    chain "$k" 500 > "at_$k.stan"
    for mode in --auto-format --info --debug-mir-pretty \
                --debug-optimized-mir-pretty; do
        run_expect 0 "" "$PPLBENCH" "$mode" "at_$k.stan"
    done
    run_expect 0 "" "$PPLBENCH" --o="at_$k.c" "at_$k.stan"
    check -s "at_$k.c"
done

# a sum of 500 terms builds and runs: s = 500 * 501 / 2
awk 'BEGIN { printf "transformed data {\n  real s = 1.0";
    for (i = 2; i <= 500; i++) printf " + %d.0%s", i, (i % 20 ? "" : "\n    ");
    print ";\n  print(\"s=\", s);\n}\nparameters { real mu; }";
    print "model { mu ~ normal(0, 1); }" }' > sum500.stan
run_expect 0 "built sum500" "$PPLBENCH" build sum500.stan -o sum500
run_expect 0 "s=125250" ./sum500 sample num_samples=10 num_warmup=10 \
    output file=sum500.csv
