// Bodies of loops and conditionals as stanc3's pp_statement prints them
// (src/frontend/Pretty_printing.ml): a `while` body stays on the `while`
// line (`while (1) break;`); an unbraced `if`, `else` or `for` body goes on
// the next line, indented by two, after the head and the space that
// follows it (test/integration/good/pretty.expected, ode_good.stan:
// "for (t in 1 : 10) " then "y[t] ~ normal(...)"); a braced body opens on
// the head's line and `} else {` stays together.
transformed data {
  int n = 3;
  while (1) break;
  while (n > 0) n -= 1;
  while (n < 3) {
    n += 1;
  }
  for (i in 1:n) n += 0;
  for (i in 1:n)

    n += 0;
  if (n > 2) n = 2; else n = 1;
  if (n > 2) {
    n = 2;
  } else if (n > 1) n = 1;
  else {
    n = 0;
  }
}
