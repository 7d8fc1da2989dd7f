// A trace longer than the picture's cap (VIZ_TRACE_MAX_NODES): the first
// nodes drawn, a note for the rest, still valid DOT; and a print whose
// text holds a backslash last, braces and angle brackets, which must not break it.
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  real mu;
}
model {
  print("mu <b>{is}</b> \\", mu);
  for (n in 1:N) {
    target += normal_lpdf(y[n] | mu, 1);
  }
}
