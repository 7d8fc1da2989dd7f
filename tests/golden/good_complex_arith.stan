transformed data {
  complex z = 1 + 2i;
  complex w = z * z - z / 2 + conj(z);
  real a = abs(z);
  complex p = z ^ 2;
}
