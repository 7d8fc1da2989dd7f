transformed data {
  vector[2] v = [2, 3]';
  vector[2] a = v .^ v;
  vector[2] b = 2 .^ v;
  row_vector[2] c = v' .^ 2;
}
