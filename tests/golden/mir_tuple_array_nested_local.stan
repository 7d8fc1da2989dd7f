// Arrays of tuples inside tuples inside arrays, as locals: taken apart to
// arrays of every slot (z_2_1__ is array[2, 3] real); foreach over an
// array of tuples; size of an array of tuples.
generated quantities {
  real s = 0;
  {
    array[2] tuple(real, array[3] tuple(real, int)) z;
    for (i in 1:2) {
      z[i].1 = i;
      for (j in 1:3)
        z[i].2[j] = (i * j, j);
    }
    for (p in z[2].2)
      s += p.1 * p.2;
    s += size(z) + z[1].1;
  }
}
