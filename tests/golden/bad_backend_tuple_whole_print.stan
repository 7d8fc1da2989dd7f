// A whole array of tuples printed: the backend has no tuple values and
// says so by type (its elements can be printed: print(a[1]) prints
// "(1,2)", as Stan Math's stan_print writes a tuple).
generated quantities {
  array[2] tuple(real, real) a = {(1.0, 2.0), (3.0, 4.0)};
  print(a[1]);
  print(a);
}
