parameters {
  matrix[2, 3] m;
  matrix<lower=0>[3, 3] p;
}
