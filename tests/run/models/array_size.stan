// size() of an array counts its top-level elements (Stan Functions
// Reference, "Array size and dimension function": size(array[] T x) is
// the number of elements of x, whatever T is), so size of an
// array[2, 3] real is 2, not its 6 reals.  The C backend once returned
// the flat count for every array whose elements are themselves arrays,
// vectors or matrices; num_elements keeps the flat count.
functions {
  int outer(array[,] real x) {
    return size(x);
  }
  int inner(array[,] real x) {
    return size(x[1]);
  }
}
data {
  array[2, 3] real a;
  array[4] vector[3] v;
}
transformed data {
  array[2, 3, 5] int b;
  array[3] matrix[2, 2] ms;
  array[4] int got = {size(a), size(b), size(b[2]), size(b[1, 3])};
  array[4] int want = {2, 2, 3, 5};
  for (i in 1:4)
    if (got[i] != want[i])
      reject("array_size: check ", i, " gives ", got[i], ", expected ",
             want[i]);
  if (size(v) != 4 || size(ms) != 3 || size({a, a}) != 2)
    reject("array_size: size of arrays of containers: ", size(v), " ",
           size(ms), " ", size({a, a}));
  if (num_elements(a) != 6 || num_elements(b) != 30)
    reject("array_size: num_elements ", num_elements(a), " ",
           num_elements(b));
  if (outer(a) != 2 || inner(a) != 3)
    reject("array_size: in a function ", outer(a), " ", inner(a));
}
parameters {
  array[size(a)] real z;
}
model {
  // a loop bound from size: each element of z gets a prior once
  for (i in 1:size(a))
    for (j in 1:size(a[i]))
      z[i] ~ normal(a[i, j], size(v));
}
