// A scalar over a vector divides elementwise and gives a vector
// (stanc3's divide(real, vector) => vector), never an int: int ./ int is
// the int form, int / vector is not.
transformed data {
  int k = 2 / [1, 2]';
}
