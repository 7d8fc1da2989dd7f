// A whole tuple taken from an array of tuples printed: the backend has no
// tuple values and says so by type (its slots can be printed).
generated quantities {
  array[2] tuple(real, real) a = {(1.0, 2.0), (3.0, 4.0)};
  print(a[1]);
}
