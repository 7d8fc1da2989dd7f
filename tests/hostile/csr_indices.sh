# The CSR functions take v and u from the data: a column index in v past
# n or below 1, a u that decreases, does not start at 1 or does not end at
# size(w) + 1, or sizes that disagree are each a clear error naming the
# argument (Stan's check_range / check_size_match wording), at every
# level, never a read outside w, v, u or b.  Stan Math's own checks do
# not look at u's order or start, so the runtime (rt_csr_check) checks
# those too; u[M + 1] = INT_MAX must not wrap when 1 is taken off.
cat > csr.stan <<'STAN'
data {
  int M;
  int N;
  int K;
  vector[K] w;
  array[K] int v;
  array[M + 1] int u;
  int which;
}
transformed data {
  if (which == 3) print(csr_to_dense_matrix(M, N, w, v, u));
}
parameters {
  vector<lower=-1, upper=1>[N] b;
}
model {
  b ~ normal(0, 1);
  if (which == 1) target += sum(csr_matrix_times_vector(M, N, w, v, u, b));
  if (which == 2) target += sum(csr_to_dense_matrix(M, N, w, v, u));
}
STAN
echo '{"params_r": [0.1, -0.2]}' > u.json
f1=csr_matrix_times_vector
f2=csr_to_dense_matrix
# data d.json with v, u (JSON arrays) and which
data() {
    printf '{"M": 2, "N": 2, "K": 3, "w": [1, 2, 3], "v": %s, "u": %s, ' \
        "$1" "$2" > d.json
    printf '"which": %s}\n' "$3" >> d.json
}
for level in O0 O1; do
    run_expect 0 "built" "$PPLBENCH" build csr.stan -o "csr_$level" "--$level"
    for which in 1 2; do
        f=$f1; [ "$which" = 2 ] && f=$f2
        data '[1, 2, 1]' '[1, 3, 4]' "$which"
        run_expect 0 "" "./csr_$level" log_prob unconstrained_params=u.json \
            data file=d.json output file=o.csv
        data '[1, 3, 1]' '[1, 3, 4]' "$which"
        run_expect 1 "$f: v[2]: index 3 out of range; expecting index to be between 1 and 2" \
            "./csr_$level" log_prob unconstrained_params=u.json \
            data file=d.json output file=o.csv
        data '[1, 2, -2147483648]' '[1, 3, 4]' "$which"
        run_expect 1 "$f: v[3]: index -2147483648 out of range" \
            "./csr_$level" log_prob unconstrained_params=u.json \
            data file=d.json output file=o.csv
        data '[1, 2, 1]' '[1, 4, 3]' "$which"
        run_expect 1 "$f: u[3] is 3, but must not be less than u[2] = 4" \
            "./csr_$level" log_prob unconstrained_params=u.json \
            data file=d.json output file=o.csv
        data '[1, 2, 1]' '[0, 3, 4]' "$which"
        run_expect 1 "$f: u[1] is 0, but must be at least 1" \
            "./csr_$level" log_prob unconstrained_params=u.json \
            data file=d.json output file=o.csv
        data '[1, 2, 1]' '[1, 3, 2147483647]' "$which"
        run_expect 1 "$f: u[3] - 1 (2147483646) and v (3) must match in size" \
            "./csr_$level" log_prob unconstrained_params=u.json \
            data file=d.json output file=o.csv
    done
    # the same in transformed data, where the data are read
    data '[1, 2, 5]' '[1, 3, 4]' 3
    run_expect 1 "$f2: v[3]: index 5 out of range; expecting index to be between 1 and 2" \
        "./csr_$level" log_prob unconstrained_params=u.json \
        data file=d.json output file=o.csv
done
