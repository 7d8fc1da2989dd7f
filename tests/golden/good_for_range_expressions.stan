data {
  int N;
  array[N] int k;
}
transformed data {
  int s = 0;
  for (i in (N - 1):max(k)) {
    s += i;
  }
  for (j in 1:size(k))
    s += k[j];
}
