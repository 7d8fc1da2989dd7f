// size() of an array is its outermost dimension (Stan Functions
// Reference, "Array size and dimension function"), whatever its elements:
// it was the count of elements for arrays of vectors, matrices or of more
// than one dimension (size of array[2] vector[3] gave 6).  Transformed
// data rejects on a wrong size; the model block loops over size() of
// arrays of parameters (gradient-checked: a loop too long reads outside
// them, an index error).
transformed data {
  array[2] vector[3] v;
  array[2, 3] real a;
  array[2] matrix[2, 4] m;
  array[2, 3] vector[4] av;
  array[2] complex_vector[3] cv;
  array[2, 3] complex ca;
  array[3] row_vector[2] rv;
  if (size(v) != 2 || size(a) != 2 || size(a[1]) != 3 || size(m) != 2
      || size(av) != 2 || size(av[2]) != 3 || size(cv) != 2
      || size(ca) != 2 || size(ca[1]) != 3 || size(rv) != 3
      || size(m[1]) != 8 || size(v[1]) != 3)
    reject("size_of_arrays: ", size(v), " ", size(a), " ", size(a[1]), " ",
           size(m), " ", size(av), " ", size(av[2]), " ", size(cv), " ",
           size(ca), " ", size(ca[1]), " ", size(rv), " ", size(m[1]), " ",
           size(v[1]));
}
parameters {
  array[2] vector[3] x;
  array[2, 2] real y;
}
model {
  for (i in 1:size(x))
    x[i] ~ normal(i, 1);
  for (i in 1:size(y))
    for (j in 1:size(y[i]))
      y[i, j] ~ normal(i + j, 2);
}
