// A one-line block comment that starts past the formatter's maximum
// indentation (column 68) stays whole: the layout engine broke the line
// inside it ("/*" then " b */" on the next line), and formatting again
// changed it (the fuzzer's round trip).
parameters {
  real y; /* aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa a */ /* b */
}
model {
  y ~ normal(0, 1);
}
