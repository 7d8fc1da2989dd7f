transformed data {
  tuple(array[3] real, int) t = ({1.0, 2.0, 3.0}, 3);
  real x = t.1[2];
  array[2] tuple(int, real) ts = {(1, 2.0), (3, 4.0)};
  real y = ts[2].2;
}
