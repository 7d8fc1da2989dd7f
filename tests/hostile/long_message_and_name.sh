# A printed message of 5000 characters is printed whole (it was cut at
# 2047 without a mark), and a variable whose name has 300 characters (a
# Stan identifier has no length limit) gets complete CSV column names (they
# were cut at 255).  The reject of a long message says where it was cut.
long=$(awk 'BEGIN { for (i = 0; i < 500; i++) printf "%09d|", i }')
name=$(awk 'BEGIN { printf "v"; for (i = 0; i < 299; i++) printf "%c", 97 + i % 26 }')
cat > long.stan <<STAN
transformed data {
  print("$long", 7);
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
generated quantities {
  vector[2] $name = [mu, 2 * mu]';
}
STAN
run_expect 0 "built exe" "$PPLBENCH" build long.stan -o exe
run_expect 0 "" ./exe sample num_samples=5 num_warmup=5 output file=o.csv
grep -qxF -- "${long}7" .out || fail "the 5001-character line is not printed whole"
sampler=lp__,accept_stat__,stepsize__,treedepth__,n_leapfrog__,divergent__,energy__
check "$(grep -v '^#' o.csv | head -1)" = "$sampler,mu,$name.1,$name.2"
cat > rej.stan <<STAN
transformed data {
  reject("$long");
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
run_expect 0 "built rej" "$PPLBENCH" build rej.stan -o rej
run_expect 1 " ... [message of 5000 bytes truncated]" ./rej sample num_samples=5 \
    num_warmup=5 output file=r.csv
