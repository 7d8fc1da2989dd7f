transformed data {
  vector[2] v;
  vector[2] w = v ./ "a";
}
