// Slices read and assigned, a matrix expression, max of an int array:
// v[:2] (an upper bound alone), A[:, 1] = ..., [[1, 2], [3, 4]].
data {
  int N;
  array[N] int k;
}
parameters {
  real x;
}
model {
  vector[3] v = [1, 2, 3]';
  matrix[2, 2] A = [[1, 2], [3, 4]];
  A[:, 1] = v[:2];
  x ~ normal(sum(A) + max(k), 1);
}
