transformed data {
  real s = 0;
  profile("setup") {
    for (i in 1:10)
      s += i;
  }
}
