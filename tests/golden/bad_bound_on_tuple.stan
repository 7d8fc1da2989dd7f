data {
  tuple(real, real)<lower=0> t;
}
