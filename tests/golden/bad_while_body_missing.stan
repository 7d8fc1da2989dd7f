transformed data {
  while (1)
}
