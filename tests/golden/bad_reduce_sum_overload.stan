// stanc3 (Semantic_error IsStanMathName): reduce_sum is checked by hand
// and cannot be overloaded by a user function, like the other library
// functions whose function argument takes the call's further arguments.
functions {
  real reduce_sum(real x) {
    return x;
  }
}
model {
}
