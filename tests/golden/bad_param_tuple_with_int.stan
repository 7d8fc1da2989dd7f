parameters {
  tuple(real, int) t;
}
