// Robust AR(1)-style location model packed with the control-flow shapes
// that trip up optimizers: zero-length loops, && / || guarding bad indices,
// ?: with a rejecting or out-of-range untaken arm, int / and %/%, loop
// bounds from a user function, break/continue in for and while, foreach,
// one name in sibling scopes, profile, print and an unreachable fatal_error.
functions {
  // counts up to n one step at a time: a deliberately loopy identity
  int count_up(int n) {
    int c = 0;
    while (1) {
      if (c >= n) {
        break;
      }
      c += 1;
    }
    return c;
  }
  real checked_inv(real x) {
    if (x == 0) {
      reject("checked_inv: argument must be non-zero");
    }
    return 1 / x;
  }
  // drops the trailing run above threshold; && keeps x[0] from being read
  int trim_trailing_above(array[] real x, real threshold) {
    int n = size(x);
    while (n > 0 && x[n] > threshold) {
      n -= 1;
    }
    return n;
  }
}
data {
  int<lower=1> N;
  array[N] real y;
  int<lower=0> N_extra;          // 0 in the shipped data: an empty array
  array[N_extra] real extra;
}
transformed data {
  // integer division, both spellings, and the remainder
  int half = N / 2;
  int half_too = N %/% 2;
  int remainder = N % 2;
  if (half != half_too) {
    fatal_error("integer division disagrees: ", half, " vs ", half_too);
  }

  // zero-length loops
  real acc = 0;
  for (i in 1:0) {
    acc += 1;
  }
  for (i in 1:N_extra) {
    acc += extra[i];
  }

  // ?: whose untaken arm would reject
  real inv_n = N > 0 ? checked_inv(N) : checked_inv(0);
  real inv_extra = N_extra == 0 ? 0.0 : checked_inv(N_extra);

  // || and && guarding an out-of-range index
  int extra_ok = N_extra == 0 || extra[1] > 0;
  int first_positive = N > 0 && y[1] > 0;
  int n_kept = trim_trailing_above(y, 1e6);

  // loop bound from a user function call
  int visits = 0;
  for (i in 1:count_up(half)) {
    visits += 1;
  }

  // continue and break inside a for loop
  int n_pos = 0;
  real first_big = not_a_number();
  for (n in 1:N) {
    if (y[n] <= 0) {
      continue;
    }
    n_pos += 1;
    if (y[n] > 3) {
      first_big = y[n];
      break;
    }
  }

  // continue and break inside a while loop
  int pos = 0;
  int n_skipped = 0;
  real thinned_sum = 0;
  while (pos < N) {
    pos += 1;
    if (pos % 5 == 0) {
      n_skipped += 1;
      continue;
    }
    if (pos > 10000) {
      break;
    }
    thinned_sum += y[pos];
  }

  // one name, two sibling scopes, two types
  {
    real tmp = mean(y);
    acc += tmp;
  }
  {
    int tmp = N;
    acc += tmp;
  }

  // foreach over an array
  real sum_sq = 0;
  for (v in y) {
    sum_sq += square(v);
  }
  real y_scale = sqrt(sum_sq * inv_n);

  print("control_flow: ", half, " ", remainder, " ", visits, " ", n_pos,
        " ", first_big, " ", n_skipped, " ", thinned_sum, " ", acc, " ",
        inv_extra, " ", extra_ok, " ", first_positive, " ", n_kept);
}
parameters {
  real mu;
  real<lower=-1, upper=1> phi;
  real<lower=0> sigma;
  real<lower=1> nu;
}
model {
  profile("priors") {
    mu ~ normal(0, 5 * y_scale);
    phi ~ normal(0, 0.5);
    sigma ~ normal(0, 2 * y_scale);
    nu ~ gamma(2, 0.1);
  }
  profile("likelihood") {
    for (n in 1:N) {
      // for n == 1 the untaken arm would read y[0]
      real prev = n > 1 ? y[n - 1] : mu;
      y[n] ~ student_t(nu, mu + phi * (prev - mu), sigma);
    }
  }
}
generated quantities {
  real y_next = student_t_rng(nu, mu + phi * (y[N] - mu), sigma);
  int n_draws = 1;
  while (1) {
    if (abs(y_next - mu) < 20 * sigma || n_draws >= 50) {
      break;
    }
    y_next = student_t_rng(nu, mu + phi * (y[N] - mu), sigma);
    n_draws += 1;
  }
  int direction = y_next > mu ? 1 : (y_next < mu ? -1 : 0);
  {
    real tmp = y_next - mu;          // `tmp` again, in yet another scope
    if (is_nan(tmp)) {
      reject("y_next is not a number");
    }
  }
}
