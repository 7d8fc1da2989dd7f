model {
  target = 1;
}
