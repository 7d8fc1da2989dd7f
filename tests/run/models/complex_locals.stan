// Complex locals of the model block computed from real locals that carry
// no parameter (mir/depend.c: which variables depend on the parameters,
// found over all assignments): the complex values need no derivatives and
// compile; a real local that does depend (s) keeps its gradient.  Once
// every real local marked for derivatives counted as depending, and z was
// refused ("complex values that depend on parameters").
parameters {
  real mu;
}
model {
  real r = 2.0;
  complex z = to_complex(r, 1);
  for (i in 1:2)
    r = r + i;
  complex w = z * to_complex(r, 0);
  real s = get_real(w) * mu;
  target += -0.5 * square(mu - r) + 0.01 * s - 0.1 * get_imag(w) * mu;
}
