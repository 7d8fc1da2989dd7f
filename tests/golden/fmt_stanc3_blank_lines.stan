// Blank lines as stanc3 prints them: none between program blocks, none
// added between function definitions (pretty.expected, multiple_funs.stan),
// and one kept where the source had any, indented like the items around
// it (tuples/pretty.expected, tuple-promotion.stan); an empty block or loop
// body prints an indented empty line (tuples/pretty.expected,
// tuple-foreach.stan).
functions {
  real h(real x);
  real f(real x) {
    return x;
  }
  real g(real x) {


    return f(x);
  }

  real h(real x) {
    return g(x);
  }
}


data {
  int N;

  vector[N] y;
}

model {
  for (n in 1:N) {
  }
}
generated quantities {
}
