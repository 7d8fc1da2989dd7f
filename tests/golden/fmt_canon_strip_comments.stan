// --canonicalize=strip-comments prints the program without its comments,
// as stanc3 does (cli-args/canonicalize/strip-comments.expected, where
// funs.stanfunctions loses its first line's comment and keeps the blank
// line between its functions); blank lines stay where the source has them
// between items.
functions {
  /* a documentation comment */
  real twice(real x) { // the body
    return 2 * x; // doubled
  }

  real thrice(real x) {
    return 3 * x;
  }
}
data {
  int N; // the size
  vector[N] y;
}
parameters {
  real mu /* the mean */;
}
model {
  y ~ normal(twice(mu), // a line comment inside the arguments
             thrice(1));
  // a comment between two statements

  target += /* inside */ mu;
}
