functions {
  array[] real seq(int n) {
    array[n] real out;
    for (i in 1:n)
      out[i] = i;
    return out;
  }
  array[,] int grid(int n) {
    return rep_array(0, n, n);
  }
}
