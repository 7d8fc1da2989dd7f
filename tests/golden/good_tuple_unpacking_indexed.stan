transformed data {
  array[2] real xs;
  vector[2] v;
  (xs[1], v[2]) = (1.0, 2.0);
}
