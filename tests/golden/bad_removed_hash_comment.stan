# A comment begun with # was removed from Stan in 2.32.0 (stanc3 refuses
# it and points to the formatter, which prints it as //): an error here,
# not a deprecation warning.
parameters {
  real y;
}
model {
  y ~ normal(0, 1); # trailing
}
