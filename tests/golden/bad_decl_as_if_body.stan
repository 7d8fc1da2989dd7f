transformed data {
  if (1)
    real x = 1;
}
