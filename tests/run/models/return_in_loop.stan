// A function whose every path returns inside a loop (stanc3 accepts it:
// a loop returns when its body does); for, while and foreach forms.
functions {
  // every path returns inside a loop (stanc3 accepts it)
  real first_positive(vector x) {
    for (i in 1:rows(x)) {
      if (x[i] > 0)
        return x[i];
      else
        return 0;
    }
  }
  real while_form(real x) {
    while (1) {
      return x * 2;
    }
  }
  int each_form(array[] int xs) {
    for (x in xs) {
      return x;
    }
  }
}
data {
  int<lower=0> N;
  vector[N] y;
}
parameters {
  real mu;
}
model {
  mu ~ normal(first_positive(y) + while_form(1.5) + each_form({3, 4}), 1);
}
