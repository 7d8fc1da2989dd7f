transformed data {
  tuple(real) t;
}
