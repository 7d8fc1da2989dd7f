functions {
  real f(vector x) {
    for (i in// /2.
 1:rows(x)) {
     return x[i];
    }
  }
}
