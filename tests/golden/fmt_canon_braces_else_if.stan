// --canonicalize=braces puts every body of if, else, for and while in
// braces, and an else whose block holds nothing but an if becomes an
// else-if, as stanc3's canonicalizer flattens "if ... else if ..."
// (stanc3 src/frontend/Canonicalize.ml, blocks_stmt).  A block holding
// an if and anything else stays a block.
parameters {
  real mu;
}
model {
  if (mu > 1) mu ~ normal(0, 1);
  else {
    if (mu < -1) mu ~ normal(0, 2);
    else mu ~ normal(0, 3);
  }
  if (mu > 2) {
    mu ~ normal(0, 4);
  } else {
    if (mu < -2) {
      mu ~ normal(0, 5);
    }
    mu ~ normal(0, 6);
  }
  for (i in 1:2) if (mu > i) mu ~ normal(0, 7); else { if (mu < i) mu ~ normal(0, 8); }
}
