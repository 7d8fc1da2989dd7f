// The test-only pass fault-drop-print deletes the first print of a user
// function.
functions {
  real shout(real x) {
    print("x = ", x);
    return x;
  }
}
transformed data {
  real y = shout(1);
}
