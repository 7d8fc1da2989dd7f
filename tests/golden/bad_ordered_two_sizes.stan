parameters {
  ordered[2, 2] o;
}
