// The hypergeometric functions (Stan Functions Reference 2.38,
// "Hypergeometric Functions", since 2.37): real hypergeometric_1F0(real a,
// real z), real hypergeometric_2F1(real a1, real a2, real b1, real z),
// real hypergeometric_3F2(T1 a, T2 b, real z) and
// real hypergeometric_pFq(T1 a, T2 b, real z).
parameters {
  real<lower=0, upper=1> z;
  vector<lower=0>[3] a;
  vector<lower=0>[2] b;
}
model {
  target += hypergeometric_1F0(1.5, z);
  target += hypergeometric_2F1(1, 1, 2, z);
  target += hypergeometric_3F2(a, b, z);
  target += hypergeometric_pFq(a, b, z);
}
