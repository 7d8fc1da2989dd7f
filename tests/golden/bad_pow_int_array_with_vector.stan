// An int array pairs element by element with a vector only in the
// functions of an int and a real (bessel_first_kind(array[] int, vector));
// pow takes two arguments of one shape (stanc3's add_binary_vec), so
// pow(array[] int, vector) has no signature.
transformed data {
  vector[3] p = pow({1, 2, 3}, [1, 2, 3]');
}
