// ordered_constrain takes a free vector (or an array of them), not a
// scalar (Stan Functions Reference 2.37, "Ordered vectors").
transformed data {
  real o = ordered_constrain(1.5);
}
