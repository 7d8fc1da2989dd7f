// The test-only pass fault-both-arms evaluates both arms of the first ?:
// of a section before the statement: the untaken arm's index out of range
// now rejects.
data {
  int N;
  array[N] real y;
}
transformed data {
  real first = N > 0 ? y[1] : 0.0;
}
