data {
  int k;
}
transformed data {
  int c;
  if (k < 0) {
    c = -1;
  } else if (k == 0) {
    c = 0;
  } else if (k < 10) {
    c = 1;
  } else {
    c = 2;
  }
}
