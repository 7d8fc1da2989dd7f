// foreach over arrays whose elements are containers, and over container
// expressions that are not variables (Stan Reference Manual, "Statements",
// "Foreach loops": the loop variable takes each element of an array in
// turn, each element of a vector or matrix).  The loop variable of an
// array[,] real is an array[] real, of an array[] vector a vector: it
// has sizes, which the lowering once left out (the C did not compile).
// Each loop's sum is checked against the same sum by indices; the model
// walks the parameters both ways so that the gradient meets finite
// differences.
data {
  array[2, 3] real a;
  array[3] vector[2] v;
}
transformed data {
  real by_loop = 0, by_index = 0;
  for (row in a)
    for (x in row)
      by_loop += x * size(row);
  for (i in 1:2)
    for (j in 1:3)
      by_index += a[i, j] * 3;
  for (u in v)
    by_loop += sum(u) * rows(u);
  for (i in 1:3)
    by_index += 2 * (v[i][1] + v[i][2]);
  for (x in v[1] + v[2])
    by_loop += x;
  by_index += v[1][1] + v[2][1] + v[1][2] + v[2][2];
  if (abs(by_loop - by_index) > 1e-9)
    reject("foreach_containers: ", by_loop, " by foreach, ", by_index,
           " by index");
}
parameters {
  array[3] vector[2] z;
  array[2, 2] real w;
}
model {
  real s = 0;
  for (u in z) {
    u ~ normal(0, 1);
    s += dot_self(u);
  }
  for (row in w)
    for (x in row)
      x ~ normal(1, 2);
  for (x in z[1] .* z[2])
    s += sin(x);
  target += 0.1 * s + 0.01 * by_loop;
}
