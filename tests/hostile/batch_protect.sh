# batch_protect: a product that is an input (same device and inode) is
# refused, whatever its name: a link a/a.c -> ../a.stan, a hard link
# a/a.csv to a.data.json.  Refused with a message naming both files,
# exit 2 (a product not written), the inputs unchanged.
cat > a.stan <<'STAN'
data {
  real mu;
}
parameters {
  real y;
}
model {
  y ~ normal(mu, 1);
}
STAN
echo '{"mu": 2}' > a.data.json
mkdir a
ln -s ../a.stan a/a.c
protect a.stan a.data.json a/a.c
run_expect 2 \
    "write FAILED: refusing to write ./a/a.c: it is the same file as the input ./a.stan" \
    "$PPLBENCH" sample . --out=.
expect_output "0 failed (0 timed out), 1 not written"
rm a/a.c
rm -f "$W/.protected"
ln a.data.json a/a.csv
protect a.stan a.data.json a/a.csv
run_expect 2 \
    "write FAILED: refusing to write ./a/a.csv: it is the same file as the input ./a.data.json" \
    "$PPLBENCH" sample . --out=.
left=$(find a -regextype posix-extended \
    -regex '.*/(\.job\..*|.*\.tmp|.*\.[A-Za-z0-9]{6})')
[ -z "$left" ] || fail "left behind: $left"
