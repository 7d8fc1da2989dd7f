// constant folding never evaluates what the program would not: an arm of
// ?: not taken, an int division by zero or an overflow (left to reject at
// run time), a real result that is not finite; folds on typed values
transformed data {
  int z = 0;
  int big = 2147483647;
  int w = 1 ? 5 : 3 %/% z;
  int v = 0 ? 3 %/% z : 6;
  int u = 3 %/% z;
  int o = big + 1;
  int m = -big - 1;
  real inf = 1.0 / 0;
  real h = 0.1 + 0.2;
  real neg = 1 - 2.5;
  int cmp = (h > 0.3) + (2 < 1) + !z;
  int logic = (z && (3 %/% z)) + (1 || (3 %/% z));
  real prom = 1 ? 2 : 2.5;
}
parameters {
  real x;
}
model {
  int flag = x > 0;
  real t = flag ? 1.0 / z : 2.0;
  x ~ normal(h, 1);
}
