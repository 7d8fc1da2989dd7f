// header comment
/* multi
   line
   comment */
parameters {
  real y; /* a */ /* b */
}
model {
  y ~ normal(0, 1); // likelihood
}
