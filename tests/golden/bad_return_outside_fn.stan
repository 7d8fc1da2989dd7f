model {
  return 1;
}
