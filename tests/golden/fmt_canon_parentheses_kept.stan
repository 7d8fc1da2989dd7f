// --canonicalize=parentheses removes the parentheses stanc3's canonicalizer
// removes and keeps those it keeps (stanc3 src/frontend/Canonicalize.ml,
// no_parens and keep_parens; cli-args/canonicalize/canonical.expected,
// parenthesize.stan): a pair written around an operator expression stays
// when that expression is an operand, a range bound, a loop bound or a
// constraint bound; around a name, a number or a call it goes, and so it
// does around a whole right-hand side, a single index, an argument and the
// indices of the variable assigned to.  Several pairs count as one.  A
// comparison whose left operand is a comparison gets a pair around it.
parameters {
  real<lower=((0.5) * 2)> s;
}
model {
  array[4] real a;
  int n = 3;
  real u = ((s) + (1.5)) * ((s - 1)) / (((s + 2)));
  real v = (s ^ (2)) ^ (-(1));
  a[(1) : (n - 1)] = a[(2) : (n)];
  a[(n)] = ((s > 1) ? (s) : (-s));
  for (i in (1) : (n + 1)) {
    a[i] = (a[(i)]) + sin((s));
  }
  int c = 1 < 2 >= (3) == ((4 != 5));
  tuple(real, int) t = ((((s + 1)), (2)));
  a[1] = ((t)).1 + (((t.2)));
  if (((s < 2) && ((s > 0)))) {
    s ~ normal((0), (1 + 1));
  }
}
