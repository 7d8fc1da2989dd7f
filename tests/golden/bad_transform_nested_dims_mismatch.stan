// A transform of a nested array returns an array of the argument's
// dimensions (stanc3's add_nested_unary): array[2, 3] vector in gives
// array[2, 3] vector out, which cannot be assigned to array[6] vector.
data {
  array[2, 3] vector[2] free;
}
transformed data {
  array[6] vector[2] o = ordered_constrain(free);
}
