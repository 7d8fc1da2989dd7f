# A model file whose stem holds a quote and a newline, with C after them:
# the name must not become code, and the sampler must run and name
# itself safely.  The stem is mapped to a model name as stanc3 maps it
# (every byte that is not a letter, digit or '_' becomes x<code>), so the
# CSV header holds one line with that name.
stem='x"
__attribute__((constructor)) static void pwn(void) { system("touch PWNED"); }
#define Y "'
cat > "$stem.stan" <<'STAN'
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
run_expect 0 "" "$PPLBENCH" build "$stem.stan" -o exe
expect_absent PWNED
run_expect 0 "" ./exe sample num_samples=10 num_warmup=10 output file=o.csv
expect_absent PWNED
want='# model = xx34x10__attribute__x40x40constructorx41x41x32staticx32voidx32'
want="${want}pwnx40voidx41x32x123x32systemx40x34touchx32PWNEDx34x41x59x32x125x10"
want="${want}x35definex32Yx32x34_model"
grep -qxF -- "$want" o.csv || fail "o.csv lacks the line: $want"
# one "# model" line, and every line of the header is a comment or the
# column names: the newline of the stem did not split it
check "$(grep -c '^# model' o.csv)" = 1
check "$(grep -v '^#' o.csv | head -1 | cut -c1-5)" = lp__,
