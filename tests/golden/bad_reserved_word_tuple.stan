data {
  int tuple;
}
