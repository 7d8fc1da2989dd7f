// one name declared in two scopes is two variables: x * 2 is reused
// within the first block only; the second x is another variable, and its
// x * 2 is computed from it; likewise the two loops' i.
data {
  real a;
}
generated quantities {
  real s = 0;
  {
    real x = a;
    s += x * 2;
    s += x * 2;
  }
  {
    real x = a + 1;
    s += x * 2;
  }
  for (i in 1:2) {
    s += i * 3.5;
  }
  for (i in 1:2) {
    s += i * 3.5;
  }
}
