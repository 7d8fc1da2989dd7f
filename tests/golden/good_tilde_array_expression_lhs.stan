// The left-hand side of ~ is any expression (Stan Reference Manual,
// "Statements", "Sampling statements"), an array expression too: a
// statement that starts with { is a block unless its matching } is
// followed by ~, a transpose, or an index after elements separated by
// commas.
parameters {
  real mu;
  vector[2] v;
}
model {
  {1.5, 2.5} ~ normal(mu, 1);
  {{mu, 1}, {2, 3}}[1] ~ normal(0, 10);
  {v, v}[2] ~ normal(0, 1);
  {
    {mu, mu} ~ normal(0, 5);
  }
  {
    mu ~ normal(0, 2);
  }
}
