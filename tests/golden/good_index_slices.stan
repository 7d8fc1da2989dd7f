transformed data {
  vector[5] v = [1, 2, 3, 4, 5]';
  vector[4] a = v[2:];
  vector[3] b = v[:3];
  vector[5] c = v[:];
  vector[3] d = v[2:4];
}
