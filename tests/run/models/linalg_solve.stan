// Solves, determinants and inverses of rt_linalg.h: mdivide_left_tri_low,
// mdivide_right_tri_low, mdivide_left_spd, log_determinant,
// log_determinant_spd, inverse and inverse_spd, with parameters and data
// in each argument.  The triangular solves read the lower triangle only:
// the full matrix G checks that its upper triangle gets no adjoint.
data {
  matrix[3, 3] DL;      // lower triangular
  matrix[3, 3] DS;      // symmetric positive definite
  vector[3] db;
  matrix[3, 2] DB;
  row_vector[3] dr;
}
parameters {
  cholesky_factor_cov[3] L;
  cov_matrix[3] Sigma;
  matrix[3, 3] M;
  vector[3] b;
  matrix[3, 2] B;
  row_vector[3] rb;
  matrix[2, 3] RB;
}
transformed parameters {
  matrix[3, 3] S = add_diag(Sigma, 1.0);
  matrix[3, 3] G = add_diag(0.3 * M, 3.0);
  matrix[3, 3] Si = inverse_spd(S);
}
model {
  matrix[3, 3] LL = add_diag(L, 1.0);
  target += 0.1 * sum(mdivide_left_tri_low(LL, b));
  target += 0.1 * sum(mdivide_left_tri_low(LL, B));
  target += 0.1 * sum(mdivide_left_tri_low(LL, DB));
  target += 0.1 * sum(mdivide_left_tri_low(DL, b));
  target += 0.1 * sum(mdivide_left_tri_low(G, B));
  target += 0.1 * sum(mdivide_right_tri_low(rb, LL));
  target += 0.1 * sum(mdivide_right_tri_low(RB, LL));
  target += 0.1 * sum(mdivide_right_tri_low(dr, LL));
  target += 0.1 * sum(mdivide_right_tri_low(RB, DL));
  target += 0.1 * sum(mdivide_right_tri_low(RB, G));
  target += sum(mdivide_left_spd(S, b));
  target += sum(mdivide_left_spd(S, B));
  target += sum(mdivide_left_spd(DS, b));
  target += sum(mdivide_left_spd(S, DB));
  target += log_determinant(G) + log_determinant(M + DS);
  target += log_determinant_spd(S);
  target += sum(inverse(G));
  target += sum(Si);
  target += -0.5 * dot_self(b) - 0.5 * dot_self(rb);
  target += -0.5 * dot_self(to_vector(M));
  target += -0.5 * dot_self(to_vector(B)) - 0.5 * dot_self(to_vector(RB));
}
generated quantities {
  real ld = log_determinant(DS) + log_determinant_spd(DS);
  matrix[3, 3] Di = inverse(DS) + inverse_spd(DS);
  vector[3] x = mdivide_left_tri_low(DL, db) + mdivide_left_spd(DS, db);
}
