// The vector and matrix transforms as functions (Stan Functions Reference
// 2.37, "Variable Transformation Functions"), every family with parameter
// arguments: _jacobian in transformed parameters (the log Jacobian joins
// the density, so its derivatives are checked too), _constrain in the
// model, and _unconstrain of parameter-dependent values, both of values
// built by the matching _constrain (the derivatives in the directions
// inside the constraint set) and, for the open sets, of values built
// otherwise (ordered from cumulative sums, covariance matrices from
// crossprod: the derivatives off the curves _constrain draws); single
// values and arrays.
functions {
  real w(vector v) {
    return dot_product(v, linspaced_vector(rows(v), -1, 1.5));
  }
  real wm(matrix m) {
    return w(to_vector(m));
  }
}
transformed data {
  // round trips of data (the reference values: a correlation matrix and
  // its Cholesky factor, a covariance matrix, a row-stochastic matrix)
  matrix[3, 3] C = [[1, 0.3, -0.2], [0.3, 1, 0.4], [-0.2, 0.4, 1]];
  matrix[3, 3] V = [[2, 0.3, -0.2], [0.3, 1, 0.4], [-0.2, 0.4, 3]];
  matrix[2, 3] R = [[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]];
  array[2] matrix[3, 3] Cs = {C, cholesky_decompose(C)};
  real err = max(abs(corr_matrix_constrain(corr_matrix_unconstrain(C), 3) - C))
             + max(abs(cholesky_factor_corr_constrain(
                         cholesky_factor_corr_unconstrain(Cs[2]), 3) - Cs[2]))
             + max(abs(cov_matrix_constrain(cov_matrix_unconstrain(V), 3) - V))
             + max(abs(cholesky_factor_cov_constrain(
                         cholesky_factor_cov_unconstrain(Cs[2]), 3, 3) - Cs[2]))
             + max(abs(stochastic_row_constrain(stochastic_row_unconstrain(R))
                       - R))
             + max(abs(stochastic_column_constrain(
                         stochastic_column_unconstrain(R')) - R'));
  // an element, a slice and an array expression
  array[1] vector[3] cpc = corr_matrix_unconstrain(Cs[1:1]);
  array[2] vector[3] cpc2 = corr_matrix_unconstrain({C', C});
  if (err > 1e-12 || max(abs(cpc[1] - corr_matrix_unconstrain(C))) > 0
      || max(abs(cpc2[2] - cpc[1])) > 0)
    reject("transform_matrix_calls: round trip error ", err);
}
parameters {
  vector[3] wc;
  array[2] vector[3] wcs;
  vector[5] wv;
  vector[6] wk;
  matrix[2, 3] fcol;
  matrix[3, 2] frow;
  array[2] matrix[3, 2] frows;
  matrix[2, 2] fz;
  array[2] matrix[2, 2] fzs;
  array[2] vector[3] vs;
  matrix[3, 3] A;
}
transformed parameters {
  matrix[3, 3] L = cholesky_factor_corr_jacobian(wc, 3);
  array[2] matrix[3, 3] Ls = cholesky_factor_corr_jacobian(wcs, 3);
  matrix[3, 2] F = cholesky_factor_cov_jacobian(wv, 3, 2);
  matrix[3, 3] Om = corr_matrix_jacobian(wc, 3);
  array[2] matrix[3, 3] Oms = corr_matrix_jacobian(wcs, 3);
  matrix[3, 3] S = cov_matrix_jacobian(wk, 3);
  matrix[3, 3] Pc = stochastic_column_jacobian(fcol);
  matrix[3, 3] Pr = stochastic_row_jacobian(frow);
  array[2] matrix[3, 3] Prs = stochastic_row_jacobian(frows);
  matrix[3, 3] Z = sum_to_zero_jacobian(fz);
  array[2] matrix[3, 3] Zs = sum_to_zero_jacobian(fzs);
  array[2] vector[3] o = ordered_jacobian(vs);
  array[2] vector[3] po = positive_ordered_jacobian(vs);
  array[2] vector[4] sx = simplex_jacobian(vs);
  array[2] vector[4] sz = sum_to_zero_jacobian(vs);
  array[2] vector[3] u = unit_vector_jacobian(vs);
}
model {
  // the values
  target += wm(L) + wm(Ls[2]) + wm(F) + wm(Om) + wm(Oms[1]) + 0.1 * wm(S);
  target += wm(Pc) + wm(Pr) + wm(Prs[2]) + wm(Z) + wm(Zs[2]);
  target += w(o[2]) + 0.1 * w(po[1]) + w(sx[2]) + w(sz[1]) + w(u[2]);
  // _constrain adds nothing
  array[2] matrix[3, 2] Fs = cholesky_factor_cov_constrain({wv, -wv}, 3, 2);
  array[1] matrix[3, 3] Pcs = stochastic_column_constrain({fcol});
  array[2] vector[4] sxc = simplex_constrain(vs);
  target += wm(Fs[2]) + wm(cov_matrix_constrain(wk, 3) - S) + wm(Pcs[1])
            + w(sxc[1]) + w(unit_vector_constrain(vs[1]));
  // _unconstrain along the constraint sets
  array[2] vector[3] ls = cholesky_factor_corr_unconstrain(Ls);
  array[2] vector[3] oms = corr_matrix_unconstrain(Oms);
  array[2] matrix[3, 2] prs = stochastic_row_unconstrain(Prs);
  array[2] matrix[2, 2] zs = sum_to_zero_unconstrain(Zs);
  array[2] vector[3] ou = ordered_unconstrain(o);
  array[2] vector[3] pou = positive_ordered_unconstrain(po);
  array[2] vector[3] sxu = simplex_unconstrain(sx);
  array[2] vector[3] uu = unit_vector_unconstrain(u);
  target += w(cholesky_factor_corr_unconstrain(L)) + w(ls[2])
            + w(cholesky_factor_cov_unconstrain(F))
            + w(corr_matrix_unconstrain(Om)) + w(oms[1])
            + 0.5 * w(cov_matrix_unconstrain(S))
            + wm(stochastic_column_unconstrain(Pc)) + wm(prs[1])
            + wm(stochastic_row_unconstrain(Pr))
            + wm(sum_to_zero_unconstrain(Z)) + wm(zs[2])
            + w(ou[1]) + w(pou[2]) + w(sxu[2])
            + w(sum_to_zero_unconstrain(sz[1])) + w(uu[1]);
  // _unconstrain off those curves
  target += w(ordered_unconstrain(cumulative_sum(exp(vs[1]))))
            + w(positive_ordered_unconstrain(cumulative_sum(exp(vs[2]))))
            + 0.5 * w(cov_matrix_unconstrain(crossprod(A)
                                             + diag_matrix(rep_vector(1, 3))));
  // a proper density for the sampler checks
  target += normal_lpdf(wc | 0, 1) + normal_lpdf(wv | 0, 1)
            + normal_lpdf(wk | 0, 1) + normal_lpdf(to_vector(A) | 0, 1);
}
