// A whole array of tuples printed, as Stan Math's stan_print writes it:
// [(1,2),(3,4)] (the backend refused it: "a whole array[] tuple(real,
// real) value here").  The MIR passes the slots' arrays as one tuple;
// the backend loops over the elements (tests/hostile/print_tuple_array.sh
// runs it).  An element prints as (1,2).
generated quantities {
  array[2] tuple(real, real) a = {(1.0, 2.0), (3.0, 4.0)};
  print(a[1]);
  print(a);
}
