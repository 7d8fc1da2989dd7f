// The hypergeometric functions (Stan Functions Reference, "Hypergeometric
// functions"): hypergeometric_1F0, _2F1 (inside |z| < 1 and past z = -1,
// where Euler's transformation applies), _3F2 and _pFq, every real
// argument a parameter.
parameters {
  real<lower=0.2, upper=2> a;
  real<lower=0.2, upper=2> b;
  real<lower=2.5, upper=4> c;
  real<lower=-0.9, upper=0.9> z;
  real<lower=-3, upper=-1.2> zn;
  vector<lower=0.2, upper=2>[3] av;
  vector<lower=2.5, upper=4>[2] bv;
}
model {
  target += hypergeometric_1F0(a, z);
  target += log(hypergeometric_2F1(a, b, c, z));
  target += log(hypergeometric_2F1(a, b, c, zn));
  target += log(hypergeometric_3F2(av, bv, z));
  target += log(hypergeometric_pFq(av[1:2], bv[1:1], z));
  target += log(hypergeometric_pFq(av[1:2], bv, zn * 2) + 10);
}
