// hypergeometric_2F1 takes four reals, a1, a2, b1 and z (Stan Functions
// Reference 2.38, "Hypergeometric Functions"): three is no signature.
model {
  target += hypergeometric_2F1(1, 1, 0.5);
}
