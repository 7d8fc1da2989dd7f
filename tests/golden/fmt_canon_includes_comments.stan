// --canonicalize=includes prints the included text in place with its
// comments, as stanc3 does (test/integration/cli-args/canonicalize/include/
// inlined.expected, from main.stan's #include of b.stanfunctions, which
// itself includes a.stanfunctions): every comment of every file, in the
// order the text is read, a blank line where the source had one and
// between the text of two files (pp_space compares the file names).
functions {
  #include "include/fmt_inl_outer.stanfunctions"
}
data {
  real y;
}
parameters {
  real mu;
}
model {
  if (y > 0) {
  } else {
#include "include/fmt_inl_stmts.inc"
  }
}
