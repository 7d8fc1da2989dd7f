transformed data {
  vector[2] v;
  array[2] vector[2] a = {v, 1.0};
}
