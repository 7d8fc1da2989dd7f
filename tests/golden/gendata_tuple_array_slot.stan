// A slot of an array of tuples in a size is not evaluated: the error
// names the variable.
data {
  array[2] tuple(int<lower=1>, real) at;
  vector[at[1].1] x;
}
