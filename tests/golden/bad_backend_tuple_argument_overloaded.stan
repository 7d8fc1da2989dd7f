// A user function's tuple arguments are taken apart into their slots
// (tests/run/models/tuple_functions), but not those of an overloaded
// function (the slots could match another overload's arguments): the
// backend refuses it by name before any C is written.
functions {
  real f(array[] tuple(real, vector) xs) {
    return xs[1].1 + sum(xs[2].2);
  }
  real f(real x) {
    return x;
  }
}
generated quantities {
  array[2] tuple(real, vector[2]) a = {(1.0, [1, 2]'), (2.0, [3, 4]')};
  real s = f(a) + f(1.5);
}
