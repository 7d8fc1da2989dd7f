// Inlining: a return inside a loop (a flag and a one-trip loop), a void
// function with a print (kept, in order), arguments that are expressions
// (into temporaries, in order) or literals of another type (promoted
// through a temporary), an overload chosen by argument types, an _lpdf
// called normalized (its _lupdf calls become _lpdf), a target += inside
// an _lp function (kept), and what is never inlined: a recursive
// function, mutual recursion, a call in an untaken arm of ?: or after
// something that may fail, a @noinline function.
functions {
  int first_above(array[] int xs, int bound) {
    for (i in 1:size(xs)) {
      if (xs[i] > bound) {
        return i;
      }
    }
    return 0;
  }
  void say(real x) {
    print("x = ", x);
  }
  real twice(real x) {
    return 2 * x;
  }
  vector twice(vector x) {
    return 2 * x;
  }
  real half(real x) {
    return x / 2;
  }
  real my_normal_lpdf(real y, real mu) {
    return normal_lupdf(y | mu, 1);
  }
  real add_prior_lp(real x) {
    x ~ normal(0, 1);
    return x;
  }
  int fact(int n) {
    if (n <= 1) {
      return 1;
    }
    return n * fact(n - 1);
  }
  int ping(int n);
  int pong(int n) {
    return n <= 0 ? 0 : ping(n - 1);
  }
  int ping(int n) {
    return n <= 0 ? 1 : pong(n - 1);
  }
  @noinline real kept(real x) {
    return x;
  }
}
data {
  int N;
  array[N] int xs;
}
transformed data {
  int k = first_above(xs, 3);
  say(twice(k + 1.5));
  real h = half(1);
  int f = fact(5);
  int pp = ping(3);
  real t = N > 2 ? twice(1.0) : 0.0;
  real u = xs[1] + twice(2.0);
  real v = kept(1.0);
}
parameters {
  real mu;
}
model {
  real m = add_prior_lp(mu);
  target += my_normal_lpdf(m | 0);
  target += my_normal_lupdf(m | 0);
}
