// Tuples printed and chosen by ?: (mir/untuple.c).  print, reject and
// fatal_error of a tuple print "(" its slots separated by "," ")", as
// Stan Math's stan_print writes a tuple (nested tuples likewise): the
// slots become print's arguments between those strings.  A tuple-valued
// ?: is one ?: per slot when its condition draws nothing; one that draws
// (bernoulli_rng) is evaluated once, as an if/else assigning the slots.
functions {
  tuple(real, vector) mk(real x) {
    return (x, [x, 2 * x]');
  }
}
data {
  int N;
}
transformed data {
  tuple(real, tuple(int, vector[2])) nt = (1.5, (2, [3, 4]'));
  print("nt = ", nt, " ", (1, 2.5), " ", mk(0.5), " ", nt.2);
  tuple(real, real) c = N > 5 ? (1, 2) : (2.5, 3);
  print(c, N > 0 ? (1, 2.0) : c);
  if (N < 0)
    reject("bad ", c);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
generated quantities {
  tuple(real, int) g = mu > 0 ? (mu, 1) : (-mu, 0);
  tuple(real, int) h = bernoulli_rng(0.5) ? (mu, 1) : (-mu, 0);
}
