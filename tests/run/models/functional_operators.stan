// The arithmetic operators' functional forms (Stan Functions Reference:
// add, subtract, multiply, divide, elt_multiply and elt_divide are the
// names of +, -, *, /, .* and ./) mean what the operators mean; the C
// backend once refused them by name ("does not compile the function
// add").  Transformed data checks each against its operator; the model
// sends parameters through each so that the gradient meets finite
// differences.
data {
  vector[3] u;
  matrix[3, 3] A;
}
transformed data {
  vector[3] w = [0.5, -1, 2]';
  if (max(abs(add(u, w) - (u + w))) > 0
      || max(abs(subtract(u, 2) - (u - 2))) > 0
      || max(abs(multiply(A, u) - A * u)) > 0
      || max(abs(multiply(3, u) - 3 * u)) > 0
      || abs(divide(7.0, 2) - 3.5) > 0 || divide(7, 2) != 3
      || max(abs(elt_multiply(u, w) - u .* w)) > 0
      || max(abs(elt_divide(u, w) - u ./ w)) > 0
      || max(abs(elt_divide(2, w) - 2 ./ w)) > 0)
    reject("functional_operators: a functional form differs from its ",
           "operator");
}
parameters {
  vector[3] x;
  real s;
}
model {
  x ~ normal(0, 1);
  s ~ normal(1, 1);
  vector[3] y = add(multiply(A, x), elt_multiply(u, x));
  target += -0.5 * dot_self(subtract(y, divide(u, 2)));
  target += sum(elt_divide(x, add(w, 3))) * multiply(s, 0.5);
}
