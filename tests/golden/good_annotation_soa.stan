parameters {
  @soa matrix[3, 3] m;
}
