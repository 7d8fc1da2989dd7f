parameters {
  vector<lower=0>[3] v;
  vector<lower=-1, upper=1>[3] w;
}
