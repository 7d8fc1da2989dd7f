# batch_fifo_model: a fifo named f.stan in the folder blocked the batch
# forever (the checker opened it and waited for a writer).  Only regular
# files are models: the fifo is passed over and the batch finishes.  So
# is a folder named d.stan, and the models of a subfolder (the batch is
# not recursive: no two of its models share a name, nor a product folder
# OUT/NAME).
mkdir in
mkfifo in/f.stan
cat > in/g.stan <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
mkdir in/d.stan in/sub
cp in/g.stan in/sub/g.stan
protect in/f.stan in/g.stan
CASE_TIMEOUT=60 run_expect 0 "1 models: 1 ok, 0 with warnings, 0 with errors" \
    "$PPLBENCH" --check-only in
expect_no_output "f.stan"
expect_no_output "d.stan"
expect_no_output "sub/g.stan"
