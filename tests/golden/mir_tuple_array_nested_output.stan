// An output that is an array of tuples inside a tuple inside an array
// has indices of its own between its slots: its slots' variables carry
// both arrays' dimensions (z_2___1__ is array[2, 3] real), the backend
// writes them as CmdStan does, z.1:1, z.1:2.1:1, z.1:2.1:2, z.1:2.2:1,
// ... (backend/emit_tuple.c; tests/run/outputs.sh checks the columns of
// tests/run/models/tuple_nested_arrays).  Refused before.
generated quantities {
  array[2] tuple(real, array[3] tuple(real, int)) z;
  for (i in 1:2) {
    z[i].1 = i;
    for (j in 1:3)
      z[i].2[j] = (i * j, j);
  }
}
