model {
  {
    real z = 1;
  }
  target += z;
}
