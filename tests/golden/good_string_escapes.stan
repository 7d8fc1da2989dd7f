transformed data {
  print("backslash \\ and tab\t");
}
