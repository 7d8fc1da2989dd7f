// a value flows into a loop only when it is the same on every iteration;
// branches meet; a name declared in two scopes is two variables; decl
// sizes are uses
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
