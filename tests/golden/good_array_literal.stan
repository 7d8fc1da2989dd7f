transformed data {
  array[3] int a = {1, 2, 3};
  array[2] real b = {1, 2.5};
  array[2, 2] int c = {{1, 2}, {3, 4}};
  array[2] vector[2] d = {[1, 2]', [3, 4]'};
}
