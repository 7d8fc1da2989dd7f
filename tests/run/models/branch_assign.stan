// Ifs nested in the branches of an if in the log density: the outer
// condition must be pushed after the branch's own pushes (the inner
// condition), or the reverse sweep pops them in the wrong order and takes
// the wrong branches (a bug found with exits.stan).
parameters {
  vector[4] x;
}
model {
  real a = 0;
  for (i in 1:4) {
    if (x[i] > 0) {
      if (x[i] > 0.5) {
        a = a + x[i];
      } else {
        a = a * 1.5;
      }
    } else {
      a = a - square(x[i]);
    }
  }
  x ~ normal(0, 1);
  target += -0.5 * square(a);
}
