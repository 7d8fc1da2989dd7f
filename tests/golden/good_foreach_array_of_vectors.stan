transformed data {
  array[2] vector[2] vs = {[1, 2]', [3, 4]'};
  real s = 0;
  for (v in vs) {
    s += sum(v);
  }
}
