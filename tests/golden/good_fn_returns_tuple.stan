functions {
  tuple(real, vector) f(vector v) {
    return (sum(v), v);
  }
}
transformed data {
  tuple(real, vector[2]) t = f([1, 2]');
}
