// Stray semicolons: stanc3 accepts them among the declarations of the
// data, parameters and transformed parameters blocks and as empty
// statements where statements go (stanc3's test program
// lang/good_semicolons.stan has such blocks).  Its grammar reads each as
// an empty statement, which its formatter prints as `;` on its own line
// (lang/pretty.expected).
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
