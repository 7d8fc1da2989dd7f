parameters {
  positive_ordered[3] c;
}
