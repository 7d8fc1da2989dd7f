// Derivatives of the QR decompositions (thin and full, tall and wide, the
// tuple forms) and of the singular vectors of parameter matrices (Stan
// Functions Reference, "Linear algebra functions and solvers": QR
// decomposition, singular value decomposition).  Each factor enters
// target through fixed weights, so every entry's adjoint counts.  The
// eigenvector sign and QR sign conventions are locally constant.
data {
  matrix[4, 3] W43;
  matrix[4, 4] W44;
  matrix[3, 3] W33;
  matrix[2, 4] W24;
  matrix[2, 2] W22;
}
parameters {
  matrix[4, 3] A;
  matrix[2, 4] B;
}
model {
  target += -0.5 * sum(square(to_vector(A))) - 0.5 * sum(square(to_vector(B)));
  target += sum(qr_thin_Q(A) .* W43) + sum(qr_thin_R(A) .* W33);
  target += sum(qr_Q(A) .* W44) + sum(qr_R(A) .* W43);
  target += sum(qr_thin_Q(B) .* W22) + sum(qr_R(B) .* W24);
  target += sum(svd_U(A) .* W43) + sum(svd_V(A) .* W33);
  target += sum(svd_U(B) .* W22) + sum(svd_V(B) .* W24');
  tuple(matrix[4, 3], matrix[3, 3]) qr1 = qr_thin(A);
  target += 0.5 * sum(qr1.1 .* W43) + 0.25 * sum(qr1.2 .* W33);
  tuple(matrix[4, 3], vector[3], matrix[3, 3]) usv = svd(A);
  target += 0.5 * sum(usv.1 .* W43) + sum(usv.2) + 0.25 * sum(usv.3 .* W33);
}
