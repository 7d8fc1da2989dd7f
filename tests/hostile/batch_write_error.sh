# batch_write_error: a write error (here the file size limit, EFBIG: root
# cannot be kept out of a folder by its mode) was counted as "not compiled
# by the backend yet", with "cannot write the C file" naming no path or
# reason.  Now it is a write failure naming the path and strerror, exit 2,
# and the earlier products stay as they were, with no temporary left.
cat > a.stan <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
run_expect 0 "-> out/a/a.csv" "$PPLBENCH" sample . --out=out
protect out/a/a.c out/a/a.csv out/a/a.log out/a/a.summary.txt out/a/a
sed -i 's/normal(0, 1)/normal(1, 2)/' a.stan
run_expect 2 "    write FAILED: error writing out/a/a.c: File too large" \
    bash -c 'trap "" XFSZ; ulimit -f 1; exec "$0" sample . --out=out' "$PPLBENCH"
tally="samplers: 0 built and sampled, 0 not compiled by the backend yet,"
expect_output "$tally 0 failed (0 timed out), 1 not written"
expect_no_output "cannot write the C file"
left=$(find out -regextype posix-extended \
    -regex '.*/(\.job\..*|.*\.tmp|.*\.[A-Za-z0-9]{6})')
[ -z "$left" ] || fail "left behind: $left"
# an --out that cannot be made: a path under a file
run_expect 2 "Error: cannot create 'a.stan/sub': Not a directory" \
    "$PPLBENCH" sample . --out=a.stan/sub
