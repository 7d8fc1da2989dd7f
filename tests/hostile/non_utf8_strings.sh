# non_utf8_strings: a string literal holds any byte but a control
# character, as stanc3's does (UTF-8, or Latin-1 bytes that are not valid
# UTF-8).  The bytes go into the emitted C escaped (em_c_string), the
# sampler prints them as written, and a validation run whose printed
# output holds them still writes a JUnit report that is well-formed UTF-8
# and valid against tests/report.xsd (invalid bytes are replaced there).
mkdir models
{
    printf 'transformed data {\n'
    printf '  print("T|caf\351 \303\251t\303\251 \342\234\223");\n}\n'
    printf 'parameters { real mu; }\nmodel { mu ~ normal(0, 1); }\n'
    printf 'generated quantities { print("G|\377\376"); }\n'
} > models/latin1.stan
protect models/latin1.stan
run_expect 0 "" "$PPLBENCH" build models/latin1.stan -o exe
timeout 60 ./exe sample num_samples=2 num_warmup=2 output file=o.csv > stdout.txt 2>&1
check $? -eq 0
printf 'T|caf\351 \303\251t\303\251 \342\234\223\n' > want.txt
grep -a '^T|' stdout.txt > got.txt
cmp -s want.txt got.txt || fail "the printed bytes differ"
grep -a -q "$(printf 'G|\377\376')" stdout.txt ||
    fail "the generated quantities' bytes are not printed"
run_expect 0 "1 models, " "$PPLBENCH" models --passes=dce --out=out --report=r.xml
check -s r.xml
xmllint --noout --schema "$ROOT/tests/report.xsd" r.xml > xmllint.txt 2>&1 ||
    fail "the report does not validate: $(cat xmllint.txt)"
