generated quantities {
  target += 1;
}
