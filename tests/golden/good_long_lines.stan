data {
  int N;
  vector[N] some_long_variable_name_one;
  vector[N] some_long_variable_name_two;
}
transformed data {
  vector[N] combined = some_long_variable_name_one .* some_long_variable_name_two + some_long_variable_name_one ./ some_long_variable_name_two;
}
