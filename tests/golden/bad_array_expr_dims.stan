transformed data {
  array[2, 2] int a = {{1, 2}, 3};
}
