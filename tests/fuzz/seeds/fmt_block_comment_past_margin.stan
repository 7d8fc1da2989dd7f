// header comment
/* multi
ine
   comment */
parameters {
  real y; /*ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ a */ /* b */
}
model {
  y ~ normal(0, 1); // likelihod
}
