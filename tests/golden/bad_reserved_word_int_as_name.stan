data {
  real int;
}
