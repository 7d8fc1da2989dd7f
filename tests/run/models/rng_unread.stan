// an RNG draw nothing reads still advances the RNG: deleting it (dce)
// changes every later draw (tests/run/propcheck.sh compares them), and a
// print in a user function is output
functions {
  void note(real x) {
    print("note ", x);
  }
}
parameters {
  real x;
}
model {
  note(x);
  x ~ normal(0, 1);
}
generated quantities {
  {
    real unseen = normal_rng(0, 1);
  }
  real d = normal_rng(0, 1);
}
