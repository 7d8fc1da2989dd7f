// An output that is an array of tuples inside a tuple inside an array has
// indices of its own between its slots (z.1:2.3:1): the backend refuses it
// by name before any C is written (as a local it compiles:
// mir_tuple_array_nested_local).
generated quantities {
  array[2] tuple(real, array[3] tuple(real, int)) z;
  for (i in 1:2) {
    z[i].1 = i;
    for (j in 1:3)
      z[i].2[j] = (i * j, j);
  }
}
