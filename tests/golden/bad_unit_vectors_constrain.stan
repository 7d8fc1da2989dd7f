// The unit vector transform functions are unit_vector_constrain,
// unit_vector_jacobian and unit_vector_unconstrain (stanc3's signature
// table; the Functions Reference 2.37 page spells them unit_vectors_):
// unit_vectors_constrain is no library function.
transformed data {
  vector[2] u = unit_vectors_constrain([3, 4]');
}
