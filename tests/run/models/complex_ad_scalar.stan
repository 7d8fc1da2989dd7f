// Derivatives of complex scalars (backend/emit_complex_adj.c): a real log
// density built from complex computations on parameters, every operator
// and function of complex scalars (Stan Functions Reference, "Complex-
// valued basic functions"), user functions taking and returning complex
// values, and complex locals overwritten in a loop and through indices
// (the reverse sweep restores them).  The arguments stay off the branch
// cuts (0 < re < 1, im > 0), where every function is holomorphic or
// differentiable.  Before, the backend refused the model: "complex
// values that depend on parameters ... carry no derivatives".
// gradcheck: tolerance 1e-7
// gradcheck: also --Oexperimental
functions {
  complex twice(complex z) {
    return 2 * z;
  }
  complex mix(complex z, real x) {
    complex w = z * x;
    w = w + exp(z) / x;
    return w;
  }
  real modulus(complex z) {
    return sqrt(norm(z));
  }
}
parameters {
  real<lower=0.3, upper=0.9> a;
  real<lower=0.2, upper=0.8> b;
  real<lower=0.1, upper=0.6> c;
}
transformed parameters {
  complex z = to_complex(a, b);
  complex w = to_complex(c, a * b);
}
model {
  // operators, with real and complex operands on either side
  complex s = z + w - a + (b - z) + 2.5i * w;
  s = s * (z * w) * c + a / z + z / w - w / b + -z;
  s = s + z ^ w + z ^ c + c ^ z + z ^ 2 + pow(w, z);
  // the functions of one complex scalar
  complex f = exp(z) + log(w) + log10(z) + sqrt(w) + sin(z) + cos(w)
              + tan(z) + asin(w) + acos(z) + atan(w) + sinh(z) + cosh(w)
              + tanh(z) + asinh(w) + acosh(z) + atanh(w) + proj(z)
              + conj(w) + polar(a, b) + polar(c, 1.3);
  real r = abs(s) + arg(f) + norm(z - w) + get_real(f) * get_imag(s)
           + abs(to_complex(b)) + arg(w * 1i);
  // user functions
  complex u = twice(z) + mix(w, a);
  r += modulus(u) + get_imag(twice(c));
  // overwritten locals, a loop, an array written through indices, ?:
  array[3] complex arr;
  complex acc = 0;
  for (k in 1:3) {
    arr[k] = z ^ k + w * k;
    acc = acc * z + arr[k];
  }
  arr[2] = arr[1] * arr[3];
  acc = a > 0.5 ? acc * w : acc / w;
  r += get_real(acc) + get_imag(arr[2]);
  target += normal_lpdf(r | 1, 2) - 0.1 * get_real(s);
}
