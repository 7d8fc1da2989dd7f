generated quantities {
  jacobian += 1;
}
