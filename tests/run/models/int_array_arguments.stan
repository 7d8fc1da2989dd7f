// An int array passed where a user function takes a real array: Stan
// promotes array[] int to array[] real (Stan Reference Manual,
// "Function argument type promotion"), array[,] int to array[,] real.
// The C backend once refused the call ("passing an int container where
// f takes reals"); it passes a copy as doubles.  Transformed data checks
// the values; the model sends a parameter through the same function
// beside promoted data so that the gradient meets finite differences.
functions {
  real weighted(array[] real zs) {
    real s = 0;
    for (i in 1:size(zs))
      s += i * zs[i];
    return s;
  }
  real corner(array[,] real a, vector v) {
    return a[2, 1] * sum(v) + a[1, 2];
  }
}
data {
  array[3] int k;
  array[2, 2] int m;
}
transformed data {
  array[3] int lit = {1, 2, 3};
  if (weighted(lit) != 14 || weighted(k) != k[1] + 2 * k[2] + 3 * k[3])
    reject("int_array_arguments: weighted gives ", weighted(lit), " and ",
           weighted(k));
  if (corner(m, [1, 2]') != m[2, 1] * 3 + m[1, 2])
    reject("int_array_arguments: corner gives ", corner(m, [1, 2]'));
}
parameters {
  vector[2] v;
  real x;
}
model {
  v ~ normal(0, 1);
  x ~ normal(0, 1);
  target += corner(m, v) * 0.1 + weighted({x, 1.0}) * weighted(k) * 0.01;
}
