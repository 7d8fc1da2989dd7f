// Complex values in the trace: data and transformed data made complex
// (to_complex, fft, indexing), complex arithmetic in the model block on
// values that do not depend on parameters, shown as re+imi; the backward
// pass treats them as data.
data {
  int N;
  vector[N] y;
  complex w;
}
transformed data {
  complex_vector[N] spectrum = fft(to_complex(y, rep_vector(0, N)));
  real power = abs(spectrum[2]);
}
parameters {
  real mu;
}
model {
  complex z = w * 2 - 0.5i;
  complex_vector[2] v = [z, conj(spectrum[2])]';
  v[1] = v[1] / 2;
  mu ~ normal(get_real(v[1]) + get_imag(v[2]) + power, abs(z));
}
