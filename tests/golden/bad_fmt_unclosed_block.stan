// A program that does not parse is not formatted: --auto-format reports
// the syntax error and prints nothing (stanc3 formats only a program it has
// parsed and checked, src/stanc/stanc.ml).
model {
  real x = 1;
