// Loops and branches: each test and the branch it takes, a ?: arm,
// an indexed assignment, and --backward / --forward on the list.
data {
  int<lower=1> N;
  array[N] real x;
}
parameters {
  real<lower=-1, upper=1> phi;
}
model {
  vector[N] r;
  for (n in 1:N) {
    r[n] = n > 1 ? x[n] - phi * x[n - 1] : x[n];
  }
  if (phi > 0) {
    target += -phi;
  } else {
    target += phi;
  }
  int k = 0;
  while (k < 1) {
    k += 1;
  }
  r ~ std_normal();
}
