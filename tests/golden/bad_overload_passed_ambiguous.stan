// Two overloads that the call's further arguments fit with as many
// promotions each: stanc3 reports the passed function as ambiguous
// (Semantic_error AmbiguousFunctionPromotion, from
// find_matching_first_order_fn in src/frontend/Typechecker.ml).
functions {
  real part_lpdf(array[] real s, int start, int end, real a, int b) {
    return normal_lpdf(s | a, b);
  }
  real part_lpdf(array[] real s, int start, int end, int a, real b) {
    return normal_lpdf(s | a, b);
  }
}
data {
  array[4] real y;
}
model {
  target += reduce_sum(part_lpdf, y, 1, 1, 2);
}
