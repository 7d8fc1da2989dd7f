// an assignment whose value no path reads goes (liveness); one read on
// some path, in a loop's next iteration, by a decl size or after a branch
// stays
transformed data {
  int n = 3;
}
parameters {
  real x;
}
model {
  real a = 1;
  a = x;
  target += a;
  real b = 2;
  if (x > 0) {
    b = 3;
  }
  target += b;
  real c = 0;
  for (i in 1:n) {
    target += c;
    c = x * i;
  }
  real e = 5;
  e = 6;
  int m = 2;
  vector[m] v = rep_vector(x, m);
  target += sum(v);
}
