// gradcheck: the log density is zero
// The vector transform functions (Stan Functions Reference 2.37,
// "Variable Transformation Functions"): _jacobian in transformed
// parameters adds the transform's log Jacobian (Reference Manual,
// "Constraint Transforms": ordered sum(v[2:K]), positive_ordered sum(v),
// sum_to_zero 0, unit_vector -|v|^2 / 2), which the model subtracts
// again, so the density is 0 everywhere only if each adds exactly its
// own; the _constrain calls add no Jacobian; their derivatives go
// through products with zero-sum weights.  Values of _unconstrain in
// transformed data (round trips).
transformed data {
  vector[3] w = [0.3, -1.2, 0.8]';
  real err = max(abs(ordered_unconstrain(ordered_constrain(w)) - w))
             + max(abs(positive_ordered_unconstrain(
                         positive_ordered_constrain(w)) - w))
             + max(abs(sum_to_zero_unconstrain(sum_to_zero_constrain(w)) - w))
             + max(abs(simplex_unconstrain(simplex_constrain(w)) - w));
  if (err > 1e-12 || abs(sum(simplex_constrain(w)) - 1) > 1e-12)
    reject("transform_vector_calls: round trip error ", err);
}
parameters {
  vector[3] v;
}
transformed parameters {
  vector[3] o = ordered_jacobian(v);
  vector[3] po = positive_ordered_jacobian(v);
  vector[4] z = sum_to_zero_jacobian(v);
  vector[3] u = unit_vector_jacobian(v);
}
model {
  target += -sum(v[2:3]) - sum(v) + 0.5 * dot_self(v);
  // zero, with nonzero derivatives
  target += dot_product(o, [1, -2, 1]') - dot_product(o, [1, -2, 1]');
  target += sum(simplex_constrain(v)) - 1 + sum(z);
  target += (ordered_constrain(v)[3] - o[3])
            + (positive_ordered_constrain(v)[1] - po[1]);
  target += sum(unit_vector_constrain(v) - u) + sum(sum_to_zero_constrain(v) - z);
}
