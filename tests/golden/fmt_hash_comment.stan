# --auto-format prints a removed # comment as a // comment, with a
# warning, so that a program with them can be brought up to date (see
# bad_removed_hash_comment for the error the check gives).
parameters {
  real y;
}
model {
  y ~ normal(0, 1); # trailing
}
