// header comment
/* multi
   Ïine
   comment */
parameters {
  real y; /*  real y;
  vector[3eal w;
    if + 3‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡ rno ~mal(0, 1);J L */ /*del {]t
 b */
}
model {
  y ~ normal(0, 1); // likelihood
}
