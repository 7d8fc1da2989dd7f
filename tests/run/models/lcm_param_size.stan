// A parameter sized by an expression that the lcm pass hoists: the
// decl's size and the loop bound are the same call, so lcm computes it
// once into a temporary assigned between the parameter's declaration and
// its read.  The emitted C declared the parameter's adjoint twice
// ('redefinition of a_z') and did not compile.
// gradcheck: also --passes=lcm
transformed data {
  array[3] real a = {1.5, -0.5, 2.0};
}
parameters {
  array[num_elements(a)] real z;
  vector<lower=0>[num_elements(a)] s;
}
model {
  for (i in 1:num_elements(a)) {
    z[i] ~ normal(a[i], s[i]);
    s[i] ~ lognormal(0, 1);
  }
}
