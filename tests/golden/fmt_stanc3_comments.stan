// Comments inside expressions stay where stanc3's pp_list_of and
// pp_expression keep them (src/frontend/Pretty_printing.ml): before or
// after the comma of an argument list, before or after an operator; a line
// comment ends its line.  A comment the printer cannot place (inside a
// declaration's type, after its first size) moves after the item, marked
// "^^^:" (stanc3 user guide, "Known issues: Oddly placed comments"); one
// before a declaration's first size, bound or name goes before it (stanc3
// src/frontend/Ast.ml, get_first_loc).
data {
  int /* the count */ N; // trailing
  vector[N /* its length */] y;
}
parameters {
  real mu; /* after */ /* and again */
  real<lower=0> sigma;
}
model {
  y ~ normal(mu, // location
             sigma);
  target += normal_lpdf(mu | 0, /* scale */ 10);
  target += mu /* before + */ + sigma;
  target += {1, /* one */ 2}[1];
  // before the close
}
// at the end
