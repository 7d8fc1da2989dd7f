transformed data {
  vector[3] v = [1, 2, 3]';
  v .*= v;
  v ./= v;
  v += 1;
}
