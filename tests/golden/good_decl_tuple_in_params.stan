parameters {
  tuple(real, vector[2]) t;
}
