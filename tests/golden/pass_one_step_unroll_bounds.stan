// One-step unrolling evaluates each loop bound once (stanc3 evaluated an
// effectful bound twice): a bound that calls a function that prints or
// may reject, or reads a variable the body assigns, goes into a
// temporary; a while loop is peeled only when its condition can neither
// act nor fail; a loop that breaks is left alone, and so is one whose
// body declares a variable sized by the loop variable.
functions {
  int noisy(int n) {
    print("bound ", n);
    return n;
  }
}
data {
  int N;
  array[N] int y;
}
transformed data {
  int x = 0;
  for (i in 2:noisy(N)) {
    x += y[i];
  }
  int m = N;
  for (i in 1:m) {
    m -= 1;
  }
  int k = 0;
  while (k < N) {
    k += 1;
  }
  while (y[k] > 0) {
    k -= 1;
  }
  for (i in 1:N) {
    if (i > 2) {
      break;
    }
  }
  for (i in 1:N) {
    real z = i;
    x += i;
  }
  for (i in 1:3) {
    vector[i] v = rep_vector(1, i);
    x += num_elements(v);
  }
}
