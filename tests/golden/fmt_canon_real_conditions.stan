// --canonicalize=deprecations compares a real with 0.0 where it is used as
// a boolean: the condition of an if or a while, and an operand of !, &&
// and || (in parentheses there), as stanc3 rewrites it (stanc3
// src/frontend/Canonicalize.ml, replace_boolean_real; the deprecation
// "Condition of type real is deprecated ... Use an explicit != 0
// comparison instead", Deprecation_analysis.ml).  Int conditions and a
// ternary's (int) condition are left alone.
parameters {
  real x;
}
model {
  int n = 2;
  if (x) x ~ normal(0, 1);
  else if (n) x ~ normal(0, 2);
  while (!x || n && x) {
    x ~ normal(0, 3);
  }
  if ((x)) x ~ normal(n ? x : 1.0, 1);
}
