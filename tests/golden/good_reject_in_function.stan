functions {
  real safe_log(real x) {
    if (x <= 0)
      reject("bad x: ", x);
    return log(x);
  }
}
