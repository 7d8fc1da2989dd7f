// one name declared in two scopes is two variables: x * 2 is reused
// within the first block only; the second x is another variable, and its
// x * 2 is computed from it.
data {
  real a;
}
model {
  {
    real x = a;
    target += x * 2;
    target += x * 2;
  }
  {
    real x = a + 1;
    target += x * 2;
  }
  for (i in 1:2) {
    target += i * 3.5;
  }
  for (i in 1:2) {
    target += i * 3.5;
  }
}
