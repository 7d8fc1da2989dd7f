// Complex extra arguments of higher-order calls: reduce_sum slicing an
// array of complex with a complex shared argument; an ODE right-hand side
// taking a complex, a complex_vector and an array[,] complex; algebraic
// solvers taking complex, array[] complex, array[] complex_vector and
// data complex arguments; a DAE residual taking a complex and an array
// of complex_row_vector.  They were refused ("solve_newton with a complex
// argument for its function"; the ODE and DAE calls "on complex
// values").  The callback contexts hold a complex argument's elements as
// pairs of doubles, and theta its adjoint likewise (real part first):
// backend/emit_callback.c.  Gradient-checked.
functions {
  real partial(array[] complex slice, int start, int end, complex w) {
    real s = 0;
    for (i in 1:size(slice))
      s += get_real(slice[i] * w) + 0.5 * get_imag(slice[i]) ^ 2;
    return s;
  }
  vector rhs(real t, vector y, complex w, complex_vector cv) {
    return -y * get_real(w) + get_imag(w) * 0.1 + 0.01 * get_real(cv);
  }
  vector rhs2(real t, vector y, array[,] complex z) {
    return -y * get_real(z[1, 2]) + 0.1 * get_imag(z[2, 1]);
  }
  vector alg(vector y, complex w, array[] complex zs) {
    return y - get_real(w * zs[1]) - 0.1 * get_imag(zs[2]) * y;
  }
  vector alg2(vector y, array[] complex_vector cv, data complex d) {
    return y - get_real(cv[1]) * get_real(d) - 0.1 * get_imag(cv[2]) .* y;
  }
  vector res(real t, vector y, vector yp, complex w,
             array[] complex_row_vector rv) {
    return yp + y * get_real(w) - 0.1 * get_imag(rv[1])';
  }
}
data {
  complex d;
}
parameters {
  vector<lower=0.5>[2] x;
}
model {
  x ~ normal(1, 1);
  complex w = to_complex(x[1], x[2]);
  array[2] complex zs = {to_complex(x[2], 1), w * w};
  target += -0.1 * reduce_sum(partial, zs, 1, w);
  array[1] vector[2] ys = ode_rk45_tol(rhs, [1, 2]', 0, {1.0}, 1e-8, 1e-8,
                                       10000, to_complex(1 + 0.1 * x[1], x[2]),
                                       to_complex(x, -x));
  target += -0.1 * sum(ys[1]);
  array[2, 2] complex z = {{w, to_complex(x[2], 0.5)},
                           {w * 2, to_complex(1, x[1])}};
  array[1] vector[2] ys2 = ode_bdf_tol(rhs2, [1, 2]', 0, {1.0}, 1e-9, 1e-9,
                                       10000, z);
  target += -0.1 * sum(ys2[1]);
  target += -0.1 * sum(solve_newton(alg, [1, 1]', w, zs));
  array[2] complex_vector[2] cv = {to_complex(x, x), to_complex(2 * x, -x)};
  target += -0.1 * sum(solve_powell(alg2, [1, 1]', cv, d));
  array[1] complex_row_vector[2] rv = {to_complex(x', 2 * x')};
  vector[2] y0 = [1, 2]';
  vector[2] yp0 = -y0 * x[1] + 0.1 * 2 * x;
  array[1] vector[2] ys3 = dae_tol(res, y0, yp0, 0, {1.0}, 1e-10, 1e-10,
                                   100000, w, rv);
  target += -0.1 * sum(ys3[1]);
}
