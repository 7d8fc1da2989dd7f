// .* and ./ of two scalars (stanc3 accepts them) are * and /: on ints
// with a real result the division is a real one (3 ./ 2 is 1.5); and
// their complex forms; unary + on every kind.
transformed data {
  real a = 2;
  int i = 3;
  real p = a .* a;
  real q = i ./ 2;
  real s = +a;
  int t = +i;
  complex z = to_complex(1, 2);
  complex w = z .* z;
  complex u = z ./ to_complex(0, 1);
  vector[2] v = +[1, 2]';
  print(p, " ", q, " ", s, " ", t, " ", w, " ", u, " ", v);
}
