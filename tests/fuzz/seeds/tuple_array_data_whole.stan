data {
  int N;
  tuple(array[N] int, array[N] real) obs;
}
