transformed data {
  array[2] int a = {1, 2};
  while (a) {
    break;
  }
}
