// Integer division by zero in a size is an error, not a crash.
data {
  int K;
  array[K %/% (K - K)] real x;
}
