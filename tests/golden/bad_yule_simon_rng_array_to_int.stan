// yule_simon_rng of a vector draws an array of ints (Stan Functions
// Reference 2.38, vectorized PRNG functions), not one int.
transformed data {
  int d = yule_simon_rng([1.0, 2.0]');
}
