// the user guide's example of expression propagation
data {
  int m;
}
transformed data {
  int n = m+1;
  array[n] int a;
  for (i in 1:n-1) {
    a[i] = i;
  }
}
