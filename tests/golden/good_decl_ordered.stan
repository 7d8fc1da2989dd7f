parameters {
  ordered[3] c;
}
