// log_sum_exp of two arguments, vectorized as stanc3 types it: container
// with container, container with scalar, scalar with container, arrays.
data { vector[3] y; array[2] real r; }
parameters { vector[3] v; real s; }
model {
  v ~ normal(0, 1);
  s ~ normal(0, 1);
  target += sum(log_sum_exp(v, y));
  target += sum(log_sum_exp(v, s));
  target += sum(log_sum_exp(s, v));
  target += log_sum_exp(s, 1.5);
  target += sum(log_sum_exp(r, r));
}
