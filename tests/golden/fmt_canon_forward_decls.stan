// --canonicalize=deprecations drops the forward declaration of a function
// that the functions block defines with the same signature: user functions
// are in scope wherever they are defined, and stanc3 warns that such a
// declaration is not needed and removes it (stanc3
// src/frontend/Deprecation_analysis.ml, remove_unneeded_forward_decls,
// called by Canonicalize.canonicalize_program).  A declaration whose
// signature differs from every definition (here the data qualifier) stays.
functions {
  real twice(real x);

  // the definition comes later
  real twice(real x) {
    return 2 * x;
  }
  real scale(data real x);
  real scale(real x) {
    return 3 * x;
  }
  vector shift(vector v, real by);
  vector shift(vector v, real by) {
    return v + by;
  }
}
parameters {
  real mu;
}
model {
  mu ~ normal(twice(scale(1.0)), 1);
}
