// Estimating class prevalence from an imperfect classifier. A calibration
// set with known true classes informs the confusion matrix, a
// column_stochastic_matrix whose column k is P(predicted label | true class
// k); a field sample of predicted labels is then multinomial with
// probabilities Theta * prevalence.
data {
  int<lower=2> K;
  // calib[k] = predicted-label counts for items of true class k
  array[K, K] int<lower=0> calib;
  // predicted-label counts in the field sample
  array[K] int<lower=0> field;
}
transformed data {
  // prior concentration favouring correct classification
  matrix[K, K] conc = add_diag(rep_matrix(1, K, K), 4);
}
parameters {
  column_stochastic_matrix[K, K] Theta;
  simplex[K] prevalence;
}
model {
  for (k in 1:K) {
    Theta[:, k] ~ dirichlet(conc[:, k]);
    calib[k] ~ multinomial(Theta[:, k]);
  }
  prevalence ~ dirichlet(rep_vector(1, K));
  field ~ multinomial(Theta * prevalence);
}
generated quantities {
  vector[K] sensitivity = diagonal(Theta);
  vector[K] naive_share = to_vector(field) / sum(field);
}
