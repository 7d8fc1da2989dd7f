model {
  int n = 3;
  vector[n] v = rep_vector(0, n);
  target += sum(v);
}
