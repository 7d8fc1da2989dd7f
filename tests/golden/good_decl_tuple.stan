data {
  tuple(int, real) t;
}
