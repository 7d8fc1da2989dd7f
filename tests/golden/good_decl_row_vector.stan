parameters {
  row_vector[4] r;
  row_vector<upper=0>[2] s;
}
