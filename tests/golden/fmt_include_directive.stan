// An #include prints as stanc3 prints it (stanc3
// test/integration/cli-args/canonicalize/include/stanc.expected, where
// b.stanfunctions starts with `#include "a.stanfunctions" //include ...`):
// the file name without its quotes, a comment after the directive stays on
// its line, and the text of this file after the included items starts
// after a blank line (stanc3 compares the included items as standing one
// line below the directive, at its column, Location.compare, and puts a
// blank line between the text of two files, pp_space).
functions {
  #include "include/fmt_scale.stanfunctions" // scale
  // a function of this file
  real shift(real x) {
    return x + 1;
  }
}
transformed data {
  real y = shift(scale(2.0));
}
