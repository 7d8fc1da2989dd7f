transformed data {
  {
    real x = 1;
  }
  {
    real x = 2;
  }
}
