// A tuple of ints is an int variate (stanc3's is_int_type), so it cannot
// be the variate of an _lpdf function.
functions {
  real pair_lpdf(tuple(int, int) x, real mu) {
    return -square(x.1 - mu) - square(x.2 - mu);
  }
}
