// A comment written in the head of a statement, before the token stanc3
// takes for the statement's first (src/frontend/Ast.ml, get_first_loc:
// the loop variable of a for, the name of a function defined, the
// expression of an if, a while, a return or a target increment, the first
// size, else bound, else name of a declaration), is printed on its own
// before the statement, as stanc3 prints "void /*weird block a*/foo(...)"
// (test/integration/cli-args/canonicalize/include/stanc.expected).  One
// after that token stays where the printer keeps comments, or moves after
// the statement, marked "^^^:".
functions {
  real /* doubled */ twice(real x) {
    return /* the result */ 2 * x;
  }
}
data {
  int N;
  vector[/* length */ N] y;
  real<lower=/* positive */ 0> s;
  array[N] real /* not before */ z;
}
model {
  for /* every one */ (n in 1 : N) {
    target += /* each */ y[n];
  }
  if (/* enough */ N > 1) target += 1;
  while (
         // never
         0) break;
}
