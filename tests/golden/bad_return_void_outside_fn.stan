transformed data {
  return;
}
