// Every path of the body returns inside a loop: stanc3 accepts it (a
// loop returns when its body does).  A loop that runs no iteration
// reaches the end of the function: the transformed MIR rejects there.
functions {
  real first(vector x) {
    for (i in 1:rows(x)) {
      return x[i];
    }
  }
  real early(real x) {
    if (x > 0)
      return 1;
    return 2;
  }
}
