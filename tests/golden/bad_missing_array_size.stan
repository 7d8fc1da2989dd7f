data {
  array real a;
}
