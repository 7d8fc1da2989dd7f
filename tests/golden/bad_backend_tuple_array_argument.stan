// A user function's argument that is an array of tuples is not taken
// apart: the backend refuses it by name before any C is written.
functions {
  real f(array[] tuple(real, vector) xs) {
    return xs[1].1 + sum(xs[2].2);
  }
}
generated quantities {
  array[2] tuple(real, vector[2]) a = {(1.0, [1, 2]'), (2.0, [3, 4]')};
  real s = f(a);
}
