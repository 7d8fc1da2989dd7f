// Three levels of arrays of tuples (mir/untuple.c, backend/emit_tuple.c):
// a parameter q[i].2[j].2[k] read in the deserializer's order (q.1:1,
// q.1:2.1:1, q.1:2.1:2.1:1, q.1:2.1:2.1:2, q.1:2.1:2.2:1, ...) and an
// output whose inner array is 2-d (z.2.1:2.1.1:1, z.2.1:2.2.1:1, ...:
// column-major).  The slots' arrays are indexed with all their indices
// at once (q_2___2___1__[i, j, k]).
parameters {
  array[2] tuple(real, array[2] tuple(real, array[2] tuple(real, real))) q;
}
model {
  for (i in 1:2) {
    q[i].1 ~ normal(0, 1);
    for (j in 1:2) {
      q[i].2[j].1 ~ normal(i, 1);
      for (k in 1:2) {
        q[i].2[j].2[k].1 ~ normal(10 * i + j, 1);
        q[i].2[j].2[k].2 ~ normal(100 * k, 1);
      }
    }
  }
}
generated quantities {
  tuple(int, array[2] tuple(real, array[2, 2] tuple(int, real))) z;
  z.1 = 7;
  for (j in 1:2) {
    z.2[j].1 = j;
    for (a in 1:2) for (b in 1:2) z.2[j].2[a, b] = (100 * j + 10 * a + b, 0.5);
  }
}
