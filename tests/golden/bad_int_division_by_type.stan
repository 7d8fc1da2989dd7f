data {
  vector[2] v;
}
transformed data {
  int n = v %/% 2;
}
