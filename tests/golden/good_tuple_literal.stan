transformed data {
  tuple(int, real, vector[2]) t = (1, 2.5, [1, 2]');
  tuple(real, real) u = (1, 2);
}
