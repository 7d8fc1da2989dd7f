# print_tuple_array: print, reject and fatal_error of a whole array of
# tuples (Stan Reference Manual, "Print statements": any expression may be
# printed; Stan Math's stan_print writes an array as [a,b], a tuple as
# (a,b), nested as written: [(1,2.5),(3,4.5)]).  It was refused ("a whole
# array[] tuple(int, real) value here").  And a program whose arrays of
# tuples are only indexed, never projected (print(c[2])), kept them whole
# and was refused ("variables of type array[] tuple(int, real)").
cat > m.stan <<'STAN'
functions {
  void show(array[] tuple(int, real) t) {
    print("f=", t);
  }
}
transformed data {
  array[2] tuple(int, real) a = {(1, 2.5), (3, 4.5)};
  print("a=", a);
  array[2, 2] tuple(int, tuple(real, vector[2])) b;
  for (i in 1:2) for (j in 1:2) b[i, j] = (i, (j * 1.5, [i, j]'));
  print("b=", b, " b1=", b[1]);
  show(a);
}
parameters { real x; }
model { x ~ normal(0, 1); }
generated quantities {
  array[1] tuple(real, int) g = {(x, 7)};
  if (x > 1e6) reject("g=", g);
}
STAN
cat > idx.stan <<'STAN'
transformed data {
  array[2] tuple(int, real) c = {(1, 2.5), (3, 4.5)};
  print("c2=", c[2]);
}
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
protect m.stan idx.stan
run_expect 0 "" "$PPLBENCH" build m.stan -o exe --O0
run_expect 0 "a=[(1,2.5),(3,4.5)]" ./exe sample num_samples=1 \
    num_warmup=1 output file=s.csv
b1='(2,(1.5,[2,1])),(2,(3,[2,2]))'
expect_output "b=[[(1,(1.5,[1,1])),(1,(3,[1,2]))],[$b1]]"
expect_output " b1=[(1,(1.5,[1,1])),(1,(3,[1,2]))]"
expect_output "f=[(1,2.5),(3,4.5)]"
run_expect 0 "" "$PPLBENCH" build idx.stan -o idx --O0
run_expect 0 "c2=(3,4.5)" ./idx sample num_samples=1 num_warmup=1 \
    output file=s2.csv
