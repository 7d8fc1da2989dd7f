// gradcheck: also --Oexperimental
// User functions with tuple and array-of-tuple arguments and results
// (taken apart into their slots by mir/untuple.c): a function returning
// an array of tuples, one taking a tuple and an array of tuples (called
// with parameters: its gradient), one returning a tuple of a number and
// an array.  m = mk(0.5, 3) = {(0.5, [1, 0.5]), (1, [2, 0.5]),
// (1.5, [3, 0.5])}; t = 2 * 3 + (1.5 + 3) + (2.5 + 7.5) = 20.5;
// b = (1 * 2 + 4.5 + 10, {1.5, 2.5}) = (16.5, {1.5, 2.5}).
functions {
  array[] tuple(real, vector) mk(real a, int n) {
    array[n] tuple(real, vector[2]) r;
    for (i in 1:n) r[i] = (a * i, [i, a]');
    return r;
  }
  real tot(tuple(real, int) p, array[] tuple(real, vector) xs) {
    real s = p.1 * p.2;
    for (i in 1:size(xs)) s += xs[i].1 + sum(xs[i].2);
    return s;
  }
  tuple(real, array[] real) both(array[] tuple(real, vector) xs) {
    array[size(xs)] real firsts;
    for (i in 1:size(xs)) firsts[i] = xs[i].1;
    return (tot((1.0, 2), xs), firsts);
  }
}
data {
  int N;
  array[N] tuple(real, vector[2]) d;
}
parameters {
  real mu;
  array[2] tuple(real, vector[2]) x;
}
model {
  mu ~ normal(tot((mu, 3), x), 1);
  for (i in 1:2) { x[i].1 ~ normal(0, 1); x[i].2 ~ normal(mu, 2); }
}
generated quantities {
  array[3] tuple(real, vector[2]) m = mk(0.5, 3);
  real t = tot((2.0, 3), d);
  tuple(real, array[N] real) b = both(d);
}
