data {
  tuple(int, tuple(real, vector[3])) t;
}
