transformed data {
  array[2] tuple(real, real) ps = {(1.0, 2.0), (3.0, 4.0)};
  real s = 0;
  for (p in ps) {
    s += p.1 * p.2;
  }
}
