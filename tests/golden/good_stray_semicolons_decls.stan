// Stray semicolons: stanc3 accepts them among the declarations of the
// data, parameters and transformed parameters blocks (no declaration at
// all: the formatter drops them) and as empty statements where statements
// go (stanc3's test program lang/good_semicolons.stan has such blocks).
data {
  ;
  real x;;
  ;
}
transformed data {
  real x_new = 0;;
}
parameters {
  real y;;;
}
transformed parameters {
  real z = y;;;;
}
model {
  ;;
  y ~ normal(x, 1);;
}
generated quantities {
  ;
}
