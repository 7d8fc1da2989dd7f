// return before the end of a function, break and continue, in functions
// and in the model block: the reverse sweep replays them through flags
// (mir/exits.c).
functions {
  // the first index where the running sum passes the limit, as a real
  real first_over(vector x, real limit) {
    real acc = 0;
    for (i in 1:rows(x)) {
      acc += x[i];
      if (acc > limit) {
        return acc * i;
      }
    }
    return -acc;
  }
  real skip_odd(vector x) {
    real s = 0;
    int i = 0;
    while (1) {
      i += 1;
      if (i > rows(x)) {
        break;
      }
      if (i % 2 == 1) {
        continue;
      }
      s += square(x[i]);
    }
    return s;
  }
  real piecewise(real x) {
    if (x < -1) {
      return -1 - 0.5 * (x + 1);
    } else if (x > 1) {
      return exp(x - 1);
    }
    return x;
  }
}
parameters {
  vector[6] x;
}
model {
  x ~ normal(0, 2);
  target += 0.1 * first_over(x, 0.5);
  target += -0.05 * skip_odd(x);
  for (i in 1:6) {
    if (i == 2) {
      continue;
    }
    if (x[i] > 3) {
      break;
    }
    target += -0.1 * square(piecewise(x[i]));
  }
}
