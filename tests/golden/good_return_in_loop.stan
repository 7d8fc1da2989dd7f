functions {
  int find(array[] int xs, int v) {
    for (i in 1:size(xs)) {
      if (xs[i] == v)
        return i;
    }
    return 0;
  }
}
