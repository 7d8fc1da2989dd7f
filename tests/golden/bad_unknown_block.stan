prior {
  real x;
}
