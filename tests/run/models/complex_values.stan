// Complex values in the C backend (backend/emit_complex.c): transformed
// data computes them with every supported operation and rejects when one
// differs from its hand-computed value (Python's cmath for the elementary
// functions); complex data is read from JSON ([re, im] pairs); the model
// block uses complex locals that depend only on data (no derivatives
// flow through them) beside the parameters (the gradient check).
functions {
  void expect(complex got, complex want, int id) {
    if (!(abs(got - want) <= 1e-12))
      reject("complex_values: check ", id, " gives ", got, ", expected ",
             want);
  }
  void expect_vec(complex_vector got, complex_vector want, int id) {
    if (num_elements(got) != num_elements(want))
      reject("complex_values: check ", id, " has ", num_elements(got),
             " elements, expected ", num_elements(want));
    for (k in 1:num_elements(got))
      expect(got[k], want[k], 1000 * id + k);
  }
  void expect_real(real got, real want, int id) {
    if (!(abs(got - want) <= 1e-12))
      reject("complex_values: check ", id, " gives ", got, ", expected ",
             want);
  }
  // user functions with complex arguments and results
  complex twice(complex z) {
    return 2 * z;
  }
  complex_vector scaled(complex_vector v, complex s) {
    return v * s;
  }
  real modulus(complex z) {
    return sqrt(norm(z));
  }
}
data {
  int<lower=1> N;
  complex z;                   // 3 + 4i
  complex_vector[2] zv;        // [3 + 4i, 1 - 2i]
  complex_matrix[2, 2] zm;     // [[3 + 4i, 1 - 2i], [1, 2i]]
  array[2] complex za;         // {1, i}
  vector[2] y;
}
transformed data {
  complex z1 = z;
  complex z2 = to_complex(1, -2);
  // arithmetic, comparisons, literals and promotion
  expect(z1 + z2, to_complex(4, 2), 1);
  expect(z1 - z2, to_complex(2, 6), 2);
  expect(z1 * z2, to_complex(11, -2), 3);
  expect(z1 / z2, to_complex(-1, 2), 4);
  expect(-z1, to_complex(-3, -4), 5);
  if (!(z1 == to_complex(3, 4)) || !(z1 != z2) || z1 == z2)
    reject("complex_values: check 6");
  expect(2.5i, to_complex(0, 2.5), 7);
  expect(3 + 4i, z1, 8);
  complex w = 2;
  expect(w, to_complex(2, 0), 9);
  expect(z1 * 2, to_complex(6, 8), 10);
  expect(2 + z1, to_complex(5, 4), 11);
  expect(z1 / 2, to_complex(1.5, 2), 12);
  expect(z1 ^ 2, to_complex(-7, 24), 13);
  expect(N > 0 ? z1 : z2, z1, 14);
  // to_complex, the parts, modulus and argument
  expect(to_complex(), to_complex(0, 0), 20);
  expect(to_complex(2.5), 2.5, 21);
  expect_real(get_real(z1), 3, 22);
  expect_real(get_imag(z1), 4, 23);
  expect_real(abs(z1), 5, 24);
  expect_real(arg(z1), 0.9272952180016122, 25);
  expect_real(norm(z1), 25, 26);
  expect(conj(z1), to_complex(3, -4), 27);
  expect(proj(z1), z1, 28);
  expect(polar(2, pi() / 2), to_complex(0, 2), 29);
  if (!is_nan(get_real(polar(-1, 0))))
    reject("complex_values: check 30: polar of a negative modulus");
  // elementary functions
  expect(exp(to_complex(0, pi())), -1, 40);
  expect(exp(z2), to_complex(-1.1312043837568135, -2.4717266720048188), 41);
  expect(log(z1), to_complex(1.6094379124341003, 0.9272952180016122), 42);
  expect(log10(z1), to_complex(0.6989700043360187, 0.4027191962733731), 43);
  expect(sqrt(z1), to_complex(2, 1), 44);
  expect(sqrt(to_complex(-4, 0)), 2i, 45);
  expect(pow(z1, 0.5), to_complex(2, 1), 46);
  expect(pow(z1, to_complex(1, -1)),
         to_complex(9.810159228938131, -7.967923213205356), 47);
  expect(sin(z2), to_complex(3.165778513216168, -1.9596010414216063), 48);
  expect(cos(z2), to_complex(2.0327230070196656, 3.0518977991518), 49);
  expect(tan(z2), to_complex(0.0338128260798967, -1.0147936161466335), 50);
  expect(asin(z2), to_complex(0.4270785863924761, -1.5285709194809982), 51);
  expect(acos(z2), to_complex(1.1437177404024204, 1.5285709194809982), 52);
  expect(atan(z2), to_complex(1.3389725222944935, -0.40235947810852507), 53);
  expect(sinh(z2), to_complex(-0.4890562590412937, -1.4031192506220405), 54);
  expect(cosh(z2), to_complex(-0.64214812471552, -1.0686074213827783), 55);
  expect(tanh(z2), to_complex(1.16673625724092, 0.24345820118572534), 56);
  expect(asinh(z2), to_complex(1.4693517443681852, -1.063440023577752), 57);
  expect(acosh(z2), to_complex(1.5285709194809982, -1.1437177404024204), 58);
  expect(atanh(z2), to_complex(0.17328679513998632, -1.1780972450961724), 59);
  // data read from JSON
  expect(zv[1], z1, 60);
  expect(zv[2], z2, 61);
  expect(zm[1, 2], z2, 62);
  expect(zm[2, 2], 2i, 63);
  expect(za[2], 1i, 64);
  // containers: elementwise arithmetic, products, vectorized functions
  complex_vector[2] cv = [z1, z2]';
  complex_matrix[2, 2] CM = [[z1, z2], [1, 2i]];
  expect_vec(cv, zv, 70);
  expect_vec(to_vector(CM), to_vector(zm), 71);
  expect_vec(cv + cv, [6 + 8i, 2 - 4i]', 72);
  expect_vec(cv - z2, [2 + 6i, 0]', 73);
  expect_vec(cv * z2, [11 - 2i, -3 - 4i]', 74);
  expect_vec(z2 * cv, [11 - 2i, -3 - 4i]', 75);
  expect_vec(cv / z2, [-1 + 2i, 1]', 76);
  expect_vec(cv .* cv, [-7 + 24i, -3 - 4i]', 77);
  expect_vec(cv ./ cv, [1, 1]', 78);
  expect_vec(-cv, [-3 - 4i, -1 + 2i]', 79);
  expect_vec(cv + [1, 2]', [4 + 4i, 3 - 2i]', 80);
  expect(cv' * cv, -10 + 20i, 81);
  expect_vec(CM * cv, [-10 + 20i, 7 + 6i]', 82);
  expect_vec(to_vector(CM * CM), [-6 + 22i, 3 + 6i, 15, -3 - 2i]', 83);
  expect_vec(to_vector(CM'), [z1, z2, 1, 2i]', 84);
  expect_vec(to_complex([1, 2]', [3, 4]'), [1 + 3i, 2 + 4i]', 85);
  expect_vec(to_complex([1, 2]', 5), [1 + 5i, 2 + 5i]', 86);
  expect_vec(to_complex(get_real(cv), get_imag(cv)), cv, 87);
  expect_vec(conj(cv), [3 - 4i, 1 + 2i]', 88);
  expect_vec(to_complex(to_vector(get_real(CM)), to_vector(get_imag(CM))),
             to_vector(CM), 89);
  // indexing, slices and assignment
  expect(cv[2], z2, 90);
  expect(CM[2, 2], 2i, 91);
  expect_vec(CM[2]', [1, 2i]', 92);
  expect_vec(CM[:, 1], [z1, 1]', 93);
  expect_vec(cv[{2, 1}], [z2, z1]', 94);
  expect_vec(cv[2:2], [z2]', 95);
  complex_matrix[2, 2] CM2 = CM;
  CM2[1, 2] = 5;
  CM2[:, 1] = [9, 8i]';
  expect_vec(to_vector(CM2), [9, 8i, 5, 2i]', 96);
  array[3] complex ca = {z1, z2, 7};
  ca[3] = 1i;
  expect(ca[3], 1i, 97);
  if (size(cv) != 2 || num_elements(CM) != 4 || rows(CM) != 2
      || cols(CM[1]) != 2 || size(ca) != 3)
    reject("complex_values: check 98: sizes");
  // the Fourier transforms
  complex_vector[4] x = [1, 2, 3, 4]';
  expect_vec(fft(x), [10, -2 + 2i, -2, -2 - 2i]', 100);
  expect_vec(inv_fft(fft(x)), x, 101);
  complex_matrix[2, 2] X = [[1, 2], [3, 4]];
  expect_vec(to_vector(fft2(X)), [10, -4, -2, 0]', 102);
  expect_vec(to_vector(inv_fft2(fft2(X))), to_vector(X), 103);
  // reductions and copies
  expect(sum(cv), 4 + 2i, 110);
  expect(prod(cv), 11 - 2i, 111);
  expect(sum(ca), 4 + 3i, 112);
  expect_vec(cumulative_sum(cv), [z1, 4 + 2i]', 113);
  expect(trace(CM), 3 + 6i, 114);
  // Stan Math's dot_product is Eigen's: the first vector conjugated
  expect(dot_product(cv, cv), 30, 115);
  expect(dot_product(cv, [1i, 1]'), 5 + 5i, 116);
  expect_vec(rep_vector(z1, 2), [z1, z1]', 117);
  expect_vec(rep_row_vector(z1, 2)', [z1, z1]', 118);
  expect_vec(to_vector(rep_matrix(z2, 2, 2)), [z2, z2, z2, z2]', 119);
  expect_vec(to_vector(rep_array(z1, 2)), [z1, z1]', 124);
  expect_vec(to_vector(ca), [z1, z2, 1i]', 125);
  expect_vec(to_row_vector(ca)', [z1, z2, 1i]', 126);
  expect_vec(to_vector(to_matrix({{z1, z2}, {1, 2i}})), to_vector(CM), 127);
  array[2, 2] complex A2 = to_array_2d(CM);
  expect(A2[1, 2], z2, 122);
  expect_vec(append_row(cv, 1i), [z1, z2, 1i]', 123);
  // the element-rearranging functions
  expect_vec(head(cv, 1), [z1]', 130);
  expect_vec(tail(cv, 1), [z2]', 131);
  expect_vec(segment(x, 2, 2), [2, 3]', 132);
  expect_vec(reverse(cv), [z2, z1]', 133);
  expect_vec(col(CM, 2), [z2, 2i]', 134);
  expect_vec(row(CM, 1)', [z1, z2]', 135);
  expect_vec(to_vector(block(CM, 2, 1, 1, 2)), [1, 2i]', 136);
  expect_vec(diagonal(CM), [z1, 2i]', 137);
  expect_vec(to_vector(diag_matrix(cv)), [z1, 0, 0, z2]', 138);
  expect_vec(to_vector(append_col(CM, cv)), [z1, 1, z2, 2i, z1, z2]', 139);
  expect_vec(to_vector(to_matrix(x, 2, 2)), x, 140);
  // diagonal and triangular helpers
  expect_vec(to_vector(add_diag(CM, z2)), [z1 + z2, 1, z2, 2i + z2]', 150);
  expect_vec(to_vector(diag_pre_multiply(cv, CM)),
             [z1 * z1, z2, z1 * z2, z2 * 2i]', 151);
  expect_vec(to_vector(diag_post_multiply(CM, cv)),
             [z1 * z1, z1, z2 * z2, 2i * z2]', 152);
  expect_vec(to_vector(symmetrize_from_lower_tri(CM)), [z1, 1, 1, 2i]', 153);
  // user functions
  expect(twice(z2), 2 - 4i, 160);
  expect_vec(scaled(cv, 2i), [-8 + 6i, 4 + 2i]', 161);
  expect_real(modulus(z1), 5, 162);
  if (N < 0)
    print("complex_values: ", z1, " ", cv, " ", CM);
  real re_sum = get_real(sum(cv));   // 4
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  // complex locals that depend only on data: no derivatives
  complex c = z * 2;                        // 6 + 8i
  complex_vector[2] v = [c, conj(c)]';
  real acc = 0;
  for (n in 1:2) {
    complex t = v[n] / abs(c);              // unit modulus
    acc = acc + mu * get_real(t) * re_sum;  // mu * 0.6 * 4 each time
  }
  y ~ normal(acc, sigma);
  mu ~ normal(get_imag(sum(v)) + abs(c) / 10, 1);   // 0 + 1
  sigma ~ exponential(1);
}
generated quantities {
  complex_vector[2] out = scaled(cv, mu);
  real amp = abs(out[1]);
}
