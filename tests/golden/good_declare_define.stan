transformed data {
  int n = 3;
  real x = 2.5;
  vector[2] v = [1, 2]';
  matrix[2, 2] m = [[1, 2], [3, 4]];
  array[2] int a = {1, 2};
}
