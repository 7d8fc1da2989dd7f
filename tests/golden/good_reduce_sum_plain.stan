functions {
  real ps(array[] real slice, int start, int end) {
    return sum(slice);
  }
}
transformed data {
  array[4] real y = {1.0, 2.0, 3.0, 4.0};
  real s = reduce_sum(ps, y, 1);
}
