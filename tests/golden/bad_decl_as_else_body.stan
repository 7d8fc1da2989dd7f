transformed data {
  if (1) {
  } else
    real y;
}
