// Arrays of tuples taken apart, one array per slot (mir/untuple.c): data
// read slot by slot by their JSON paths (an array of objects keyed "1",
// "2": CmdStan Guide, "JSON Format for CmdStan"), indexed slots, whole
// elements assigned and read, a parameter's slots read in turn (each
// declaration followed by its read), one write of all the slots' arrays
// (the backend interleaves them as CmdStan writes an array of tuples).
data {
  int N;
  array[N] tuple(real<lower=0>, vector[2]) d;
}
parameters {
  array[2] tuple(real<lower=0>, real) x;
}
model {
  for (i in 1:2)
    x[i].1 ~ exponential(d[i].1);
}
generated quantities {
  array[N] tuple(real, vector[2]) g = d;
  g[1] = (x[1].1, d[1].2);
  g[2].2[1] = size(d);
  tuple(real, vector[2]) e = g[2];
}
