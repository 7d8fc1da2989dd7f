// A size the generator cannot evaluate (a user function) is an error
// naming the variable.
functions {
  int twice(int n) {
    return 2 * n;
  }
}
data {
  int N;
  vector[twice(N)] x;
}
