// dce splices several blocks into one list (here the if (1) blocks that
// one-step-unroll and constprop leave): the list grows by each, and the
// model block's statement stays in log_prob (it was written over the end
// of prepare_data's list)
transformed data {
  int n = 3;
  int k = 1;
  int same = 4;
  for (i in 1:n) {
    print(k, same);
    k = k + 1;
  }
  print(k);
  int j = 2;
  while (j < 10) {
    j = j * 2;
  }
  int b;
  if (n > 2) {
    b = 7;
  } else {
    b = 7;
  }
  int c;
  if (n > j) {
    c = 1;
  } else {
    c = 2;
  }
  {
    int t = 8;
    print(t, b, c);
  }
  {
    int t = 9;
    print(t);
  }
  vector[same] v = rep_vector(0, same);
}
parameters {
  real x;
}
model {
  x ~ normal(n, same);
}
