model {
  @silent
  target += 1;
}
