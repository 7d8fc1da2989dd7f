// gradcheck: also --Oexperimental
// Arrays of tuples wherever a program declares them: data read from
// CmdStan's JSON (an array of objects keyed "1", "2"), transformed data,
// parameters (constrained slots), transformed parameters, model-block
// locals, generated quantities with nested tuples, a 2-d array and a
// complex slot.  tests/run/outputs.sh checks the header and the values.
data {
  int N;
  array[N] tuple(real, vector[2]) d;
  tuple(int, array[2] tuple(real, int)) td;
}
transformed data {
  array[N] tuple(real, real) s;
  for (i in 1:N)
    s[i] = (d[i].1 * 2, sum(d[i].2));
}
parameters {
  array[2] tuple(real<lower=0>, vector[2]) x;
  array[2, 2] tuple(real, real<lower=-1, upper=1>) y;
}
transformed parameters {
  array[2] tuple(real, real) tp;
  for (i in 1:2)
    tp[i] = (x[i].1 + s[1].1, x[i].2[1] * x[i].2[2]);
}
model {
  array[2] tuple(real, vector[2]) loc = x;
  for (i in 1:2) {
    loc[i].1 ~ exponential(1);
    loc[i].2 ~ normal(d[i].2, 1);
    for (j in 1:2) {
      y[i, j].1 ~ normal(td.2[j].1, 1);
      y[i, j].2 ~ uniform(-1, 1);
    }
  }
}
generated quantities {
  array[2, 3] tuple(int, tuple(real, complex)) g;
  for (i in 1:2)
    for (j in 1:3)
      g[i, j] = (10 * i + j, (i * s[2].2, to_complex(j, i)));
  tuple(real, array[2] tuple(int, real)) h = (td.2[1].1, {(td.1, 1.5), (td.2[2].2, 2.5)});
}
