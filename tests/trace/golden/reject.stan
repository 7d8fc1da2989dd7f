// A point where the density rejects: the trace ends at the failing call
// and the message is the sampler's.
parameters {
  real x;
}
model {
  x ~ normal(0, x);
}
