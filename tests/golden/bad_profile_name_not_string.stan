model {
  profile(foo) {
    target += 1;
  }
}
