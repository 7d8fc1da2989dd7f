// Arrays of tuples inside a tuple inside an array (mir/untuple.c,
// backend/emit_tuple.c): as data (CmdStan's JSON, objects keyed "1",
// "2" at each level), transformed data, parameters (the deserializer's
// order: p[1].1, p[1].2[1].1, p[1].2[1].2, ..., p[2].1, ...),
// transformed parameters, model-block locals and generated quantities
// (CmdStan's columns: p.1:1, p.1:2.1:1, p.1:2.1:2.1, ..., the inner
// array column-major: h.1:2.1.1:1, h.1:2.2.1:1, h.1:2.1.2:1, ...).
// tests/run/outputs.sh checks h's columns and values and the gradient's
// order.  s = 1.5 * (1 + 2 + 3) + 21 + 2.5 * (4 + 5 + 6) + 57 = 124.5.
data {
  array[2] tuple(real, array[3] tuple(int, vector[2])) d;
}
transformed data {
  real s = 0;
  for (i in 1:2)
    for (j in 1:3)
      s += d[i].1 * d[i].2[j].1 + sum(d[i].2[j].2);
  if (abs(s - 124.5) > 1e-12)
    reject("tuple_nested_arrays: s = ", s);
}
parameters {
  array[2] tuple(real, array[3] tuple(real, vector[2])) p;
}
transformed parameters {
  array[2] tuple(real, array[3] tuple(real, vector[2])) tp = p;
}
model {
  array[2] tuple(real, array[3] tuple(real, vector[2])) loc = tp;
  for (i in 1:2) {
    loc[i].1 ~ normal(0, 1);
    for (j in 1:3) {
      loc[i].2[j].1 ~ normal(d[i].2[j].1, 1);
      loc[i].2[j].2 ~ normal(loc[i].1, 2);
    }
  }
}
generated quantities {
  array[2] tuple(real, array[3] tuple(int, vector[2])) g = d;
  array[2] tuple(real, array[2, 2] tuple(int, real)) h;
  for (i in 1:2) {
    h[i].1 = i;
    for (j in 1:2)
      for (k in 1:2)
        h[i].2[j, k] = (10 * i + j, k + 0.5);
  }
}
