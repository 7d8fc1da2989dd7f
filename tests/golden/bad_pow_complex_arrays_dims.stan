// pow of two complex arrays takes arrays of the same dimensions (stanc3's
// add_binary_vec_complex_complex pairs each type with itself): an array[]
// complex with an array[,] complex has no signature.
transformed data {
  array[2] complex a = {to_complex(1, 1), 2};
  array[1, 2] complex b = {a};
  array[2] complex p = pow(a, b);
}
