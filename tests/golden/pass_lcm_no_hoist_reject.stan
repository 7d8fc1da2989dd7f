// nothing that may reject is evaluated where the program would not have
// evaluated it: n %/% k (an integer division by k, which may be 0) stays
// inside its if, though it does not change in the loop; checked() rejects,
// so it is never moved or merged, nor is the integer division n %/% m
// (EFF_REJECTS); and v[m] * 2, whose index may be out of range, computed
// twice after a print, is computed once, after the print (not before it).
functions {
  real checked(real x) {
    if (x < 0) reject("negative: ", x);
    return sqrt(x);
  }
}
data {
  int n;
  int k;
  int m;
  real a;
  array[3] real v;
}
transformed data {
  int q = 0;
  real r = 0;
  for (i in 1:3) {
    if (k != 0) {
      q += n %/% k;
    }
    r += checked(a);
    r += checked(a);
  }
  q += n %/% m;
  q += n %/% m;
  print("before");
  r += v[m] * 2;
  r += v[m] * 2;
}
