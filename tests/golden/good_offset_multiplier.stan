parameters {
  real<offset=1> a;
  real<multiplier=2> b;
  real<offset=1, multiplier=2> c;
}
