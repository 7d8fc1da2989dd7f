// --max-line-length=N sets the column at which formatting splits lines
// (stanc3 user guide, "stanc3 command line options"); below 69 the maximum
// indentation of a continuation line becomes N - 10 or N / 2, as OCaml's
// Format.pp_set_margin sets it.
transformed data {
  real alpha = 1;
  real beta_parameter = 2;
  real combined_value = alpha * beta_parameter + alpha / beta_parameter - fma(alpha, beta_parameter, alpha);
}
