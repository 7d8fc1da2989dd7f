transformed data {
  int s = 0;
  for (i in 1:10) {
    if (i == 3) {
      continue;
    }
    if (i > 8) {
      break;
    }
    s += i;
  }
  while (1) {
    break;
  }
}
