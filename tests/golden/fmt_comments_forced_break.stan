// Two block comments on one line after a declaration, the first of several
// lines ending right of the maximum indentation (68), the second of several
// lines: its box opens past the maximum indentation and breaks the line
// after the space between them.  That space stayed at the end of the line,
// and formatting again (the second comment now on its own line) removed
// it: not idempotent (the fuzzer's round trip).
parameters {
  real y; /* first
    a long line of this comment that runs past the maximum indentation */ /* second
 b */
}
model {
  y ~ normal(0, 1);
}
