parameters {
  array[2] ordered[3] c;
  array[2] positive_ordered[2] p;
}
