# Profile names are data: a name with a comma, a backslash, a trailing
# backslash, "??/", "%s" or an apostrophe reaches the emitted C only as an
# em_c_string literal and the profile CSV as one field, quoted where a
# comma would split it (RFC 4180); two names differing only there stay
# two rows.  profile_file= is never an input (the data file, the sampler)
# nor the output file: refused with exit 1 before sampling, the file
# unchanged; an empty name is a usage error.
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model {
  profile("a,b") { mu ~ normal(0, 1); }
  profile("a\b") { y ~ normal(mu, 1); }
  profile("end\") { target += 0; }
  profile("x??/y %s it's") { target += 0; }
}
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
echo '{"mu": 0.5}' > c.json
run_expect 0 "built es" "$PPLBENCH" build m.stan -o es
protect m.stan d.json c.json es
run_expect 0 "" ./es log_prob constrained_params=c.json data file=d.json \
    output file=lp.csv profile_file=p.csv
cut -d, -f1 p.csv > names.txt 2>/dev/null
printf '%s\n' name '"a' 'a\b' 'end\' 'x??/y %s it'"'"'s' > want.txt
if ! cmp -s names.txt want.txt; then
    fail "the names of the rows differ:"; diff want.txt names.txt >&2
fi
grep -q '^"a,b",[0-9]*,' p.csv || fail "the name a,b is not quoted"
[ "$(wc -l < p.csv)" -eq 5 ] || fail "p.csv has $(wc -l < p.csv) lines, expected 5"
for f in d.json es lp.csv; do
    run_expect 1 "refusing to write $f: it is the same file as the input" \
        ./es sample num_samples=5 num_warmup=5 data file=d.json \
        output file=lp.csv profile_file=$f
done
expect_no_output "Iteration:"
run_expect 1 "profile_file=: the profile file name is empty" \
    ./es sample data file=d.json output profile_file=
