// Two-parameter logistic item-response model: persons answer test items;
// each item has a positive discrimination and a difficulty drawn from a
// hierarchical prior. Uses multi-indexing (vector[index array]) and
// element-wise products.
data {
  int<lower=1> I;                            // items
  int<lower=1> J;                            // persons
  int<lower=1> N;                            // responses
  array[N] int<lower=1, upper=I> item;
  array[N] int<lower=1, upper=J> person;
  array[N] int<lower=0, upper=1> correct;
}
parameters {
  vector[J] ability;
  vector<lower=0>[I] discrimination;
  vector[I] difficulty;
  real mu_difficulty;
  real<lower=0> sigma_difficulty;
}
model {
  ability ~ std_normal();
  discrimination ~ lognormal(0, 0.5);
  difficulty ~ normal(mu_difficulty, sigma_difficulty);
  mu_difficulty ~ normal(0, 2);
  sigma_difficulty ~ exponential(1);
  correct ~ bernoulli_logit(discrimination[item]
                            .* (ability[person] - difficulty[item]));
}
generated quantities {
  // probability that an average person (ability 0) answers each item
  vector[I] p_average = inv_logit(-discrimination .* difficulty);
}
