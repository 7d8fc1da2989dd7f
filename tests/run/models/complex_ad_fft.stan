// Derivatives through the fast Fourier transforms (backend/
// emit_complex_adj.c: for y = fft(x), adj(x) = N inv_fft(adj(y)); for
// inv_fft, fft(adj(y)) / N; fft2 and inv_fft2 likewise): a likelihood on
// the periodogram abs(fft(x)) of a parameter series, on the real and
// imaginary parts of an inverse transform, and on the 2-D transforms of
// a parameter matrix and of a complex matrix built from it.  Before,
// the backend refused the model ("complex values that depend on
// parameters ... carry no derivatives").
// gradcheck: tolerance 1e-7
data {
  int<lower=2> N;
  vector[N] y;
}
parameters {
  vector[N] x;
  matrix[2, 3] M;
  real<lower=0.1> s;
}
model {
  complex_vector[N] f = fft(x);
  vector[N] p = abs(f);
  y ~ normal(p, s);
  complex_vector[N] g = inv_fft(f .* to_complex(x, 0.5));
  target += -0.5 * dot_self(get_real(g)) - 0.3 * sum(get_imag(g));
  complex_matrix[2, 3] F = fft2(M);
  complex_matrix[2, 3] G = inv_fft2(F * 2 + to_complex(M, M));
  target += -0.1 * sum(abs(F)) - 0.2 * sum(get_real(G) .* get_imag(G));
  x ~ normal(0, 3);
  to_vector(M) ~ normal(0, 2);
  s ~ lognormal(0, 1);
}
