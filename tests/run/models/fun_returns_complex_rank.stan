// User functions returning and taking complex containers (arrays of
// complex vectors and matrices, array[,] complex: backend/emit_dims.c);
// their derivatives through the function's body and the caller's use of
// the result (gradient-checked), and their values in generated
// quantities, which tests/run/outputs.sh checks against these, by hand:
//   gq_z = {{-1 + i, -2 + i}, {-1 + 2i, -2 + 2i}}   ((x + j i) * i)
//   gq_v = {[1 + i, 2 + 2i], [1 - i, 4 - 2i]}
//   gq_m = {[1 + 2i, 2 + 4i], [1 + i, 2 + 2i]}
//   gq_t = (1 + 2i + 4 + 8i) + 2 * (1 + i + 4 + 4i) = 15 + 20i
//   gq_n = |1 + i|^2 * 2 + |1 + 2i|^2 * 3 = 19
//   gq_r = to_complex(2 * 6, 6) = 12 + 6i
functions {
  // z[i, j] = (x[i] + j i) * w
  array[,] complex cgrid(vector x, complex w) {
    array[rows(x), 2] complex z;
    for (i in 1:rows(x))
      for (j in 1:2)
        z[i, j] = to_complex(x[i], j) * w;
    return z;
  }
  array[] complex_vector cvecs(vector x) {
    array[2] complex_vector[rows(x)] v;
    v[1] = to_complex(x, x);
    v[2] = to_complex(x .* x, -x);
    return v;
  }
  array[] complex_matrix cmats(matrix m) {
    array[2] complex_matrix[rows(m), cols(m)] a;
    a[1] = to_complex(m, 2 * m);
    a[2] = to_complex(m', m')';
    return a;
  }
  array[,] complex_row_vector crows(row_vector r) {
    array[2, 2] complex_row_vector[cols(r)] a;
    for (i in 1:2)
      for (j in 1:2)
        a[i, j] = to_complex(i * r, j * r);
    return a;
  }
  // taking them back
  real cnorm2(array[,] complex z) {
    real s = 0;
    for (i in 1:size(z))
      for (j in 1:size(z[i]))
        s += norm(z[i, j]) * (i + j);
    return s;
  }
  real cvnorm(array[] complex_vector v) {
    real s = 0;
    for (k in 1:size(v))
      for (i in 1:rows(v[k]))
        s += k * (get_real(v[k, i]) - 0.5 * get_imag(v[k, i]));
    return s;
  }
  complex ctrace(array[] complex_matrix a) {
    complex t = 0;
    for (k in 1:size(a))
      for (i in 1:rows(a[k]))
        t += a[k, i, i] * k;
    return t;
  }
}
parameters {
  vector[3] x;
  matrix[2, 2] m;
}
model {
  x ~ normal(0, 1);
  to_vector(m) ~ normal(0, 1);
  array[3, 2] complex z = cgrid(x, to_complex(1, 0.5));
  target += -0.1 * cnorm2(z) - 0.1 * cnorm2(cgrid(x[2:3], 2));
  target += -0.1 * get_real(cgrid(x, 1)[2, 2] * cgrid(x, 1)[3, 1]);
  target += -0.1 * cvnorm(cvecs(x)) - 0.1 * abs(cvecs(x)[2, 3]);
  target += -0.1 * get_imag(ctrace(cmats(m))) - 0.1 * norm(cmats(m)[1, 2, 1]);
  target += -0.1 * abs(crows(m[1])[2, 1, 2]);
}
generated quantities {
  array[2, 2] complex gq_z = cgrid([1, 2]', to_complex(0, 1));
  array[2] complex_vector[2] gq_v = cvecs([1, 2]');
  array[2] complex_matrix[1, 2] gq_m = cmats([[1, 2]]);
  complex gq_t = ctrace(cmats([[1, 2], [3, 4]]));
  real gq_n = cnorm2(cgrid([1]', 1));
  complex gq_r = crows([5, 6])[2, 1, 2];
}
