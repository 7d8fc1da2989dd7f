transformed data {
  fatal_error();
}
