// student_t_qf takes the probability, the degrees of freedom, the location
// and the scale (Stan 2.39, Stan Math's student_t_qf(p, nu, mu, sigma)):
// three arguments match no signature.
transformed data {
  real q = student_t_qf(0.975, 10, 0);
}
