model {
  {
    target += 1;
}
