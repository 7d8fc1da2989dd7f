transformed data {
  for (i in 1:3) {
    for (j in 1:3) {
      if (j > i)
        break;
    }
  }
}
