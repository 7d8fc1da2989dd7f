transformed data {
  for (i in 1:3) {
    for (i in 1:2) {
      print(i);
    }
  }
}
