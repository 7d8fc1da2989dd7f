#!/bin/sh
# higher_order.sh - the algebraic solvers, integrate_1d and map_rect in an
# emitted sampler, outside their numbers (tests/run/models/ checks those):
#   messages  each failure Stan documents (no root, too many steps, the
#             system's size, a guess that is not finite, tolerances and
#             steps out of range, bounds in the wrong order or both
#             infinite, an integrand that is not finite, job counts that
#             differ) and a reject inside the user function: the sampler
#             exits 1 with the message naming the function called
#   printed   a print in the function passed prints once per evaluation
#             of it in the value's solve: the gradient's second solve and
#             derivative callbacks print nothing (log_prob with the
#             gradient prints what the same solve printed in transformed
#             data)
# Ends with "higher_order: N passed, N failed".
#
#   sh tests/run/higher_order.sh BUILD_DIR
build=${1:-build}
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 1
passed=0; failed=0

pass() { passed=$((passed + 1)); echo "higher_order $1: ok"; }
fail() { failed=$((failed + 1)); echo "higher_order $1: FAILED: $2"; }

# ------------------------------------------------------------- messages
# Case c of transformed data fails; the messages are Stan's (Stan Math's
# solve_powell, algebra_solver_newton_impl, integrate_1d_impl and
# map_rect) with the function called named.
cat >fails.stan <<'STAN'
functions {
  vector no_root(vector y, real a) { return [square(y[1]) + a]'; }
  vector old_no_root(vector y, vector theta, data array[] real x_r,
                     array[] int x_i) {
    return [square(y[1]) + theta[1]]';
  }
  vector two_out(vector y) { return [y[1], 1]'; }
  vector refuses(vector y) {
    reject("refused at ", y);
    return y;
  }
  real nan_above_half(real x, real xc, array[] real theta, array[] real x_r,
                      array[] int x_i) {
    return x > 0.5 ? not_a_number() : 1;
  }
  real one(real x, real xc, array[] real theta, array[] real x_r,
           array[] int x_i) {
    return 1;
  }
  vector job(vector phi, vector theta, data array[] real x_r,
             data array[] int x_i) {
    return theta;
  }
}
data {
  int c;
}
transformed data {
  array[0] real none;
  array[0] int nothing;
  vector[1] r;
  real I;
  if (c == 1) r = solve_powell(no_root, [1]', 1);
  if (c == 2) r = solve_newton(no_root, [1]', 1);
  if (c == 3) r = solve_powell(two_out, [1]');
  if (c == 4) r = solve_newton(no_root, [not_a_number()]', -1);
  if (c == 5) r = solve_powell_tol(no_root, [1]', -1, 1e-6, 100, -1);
  if (c == 6) r = solve_newton_tol(no_root, [1]', 1e-3, 1e-6, 0, -1);
  if (c == 7)
    r = algebra_solver(old_no_root, [1]', [1]', none, nothing, 1e-10, 1e-6,
                       2);
  if (c == 8) r = solve_newton(refuses, [1]');
  if (c == 9) I = integrate_1d(one, 1, 0, none, none, nothing);
  if (c == 10)
    I = integrate_1d(one, positive_infinity(), positive_infinity(), none,
                     none, nothing);
  if (c == 11) I = integrate_1d(nan_above_half, 0, 1, none, none, nothing);
  if (c == 12) I = integrate_1d(one, 0, 1, none, none, nothing, 0);
  if (c == 13) r = map_rect(job, [1]', {[1]', [2]'}, {{1.0}}, {{1}, {2}});
  if (c == 14) r = map_rect(job, [1]', {[1]', [2]'}, {{1.0}, {2.0}}, {{1}});
}
parameters {
  real x;
}
model {
  x ~ normal(0, 1);
}
STAN
norm="the norm of the algebraic function is 1 but should be lower than \
the function tolerance: 1e-06. Consider decreasing the relative tolerance \
and increasing max_num_steps."
sizes="size of the algebraic system's output (2) and size of the vector of \
unknowns, x, (1) must match in size"
jobs="map_rect: size of job parameters (2) and size of"
cat >fails.want <<EOF2
1 solve_powell: $norm
2 solve_newton: $norm
3 solve_powell: $sizes
4 solve_newton: initial guess[1] is nan, but must be finite!
5 solve_powell_tol: relative_tolerance is -1, but must be nonnegative!
6 solve_newton_tol: max_num_steps is 0, but must be positive!
7 algebra_solver: maximum number of iterations (2) was exceeded in the solve.
8 refused at [1]
9 integrate_1d: lower limit is 1, but must be less than or equal to 0.000000
10 integrate_1d: Integration endpoints are both inf
11 integrate_1d: the integrand is nan at x = 0.986953, but must be finite!
12 integrate_1d: relative_tolerance is 0, but must be positive finite!
13 $jobs real data (1) must match in size
14 $jobs int data (1) must match in size
EOF2
if ! "$pplbench" build fails.stan -o fails >fails.build 2>&1; then
    fail messages "pplbench build failed: $(head -3 fails.build)"
else
    bad=
    while read -r c want; do
        echo "{\"c\": $c}" >c.json
        ./fails sample num_samples=2 num_warmup=2 data file=c.json \
            output file=c.csv >/dev/null 2>c.err
        status=$?
        first=$(sed -n 1p c.err)
        got=$(sed -n 2p c.err)
        if [ $status -ne 1 ] \
            || [ "$first" != "Error in the data or transformed data of fails_model:" ] \
            || [ "$got" != "$want" ] || [ "$(wc -l <c.err)" -ne 2 ]; then
            bad="case $c: exit $status, stderr: $(cat c.err)"
            break
        fi
    done <fails.want
    if [ -n "$bad" ]; then fail messages "$bad"; else pass messages; fi
fi

# -------------------------------------------------------------- printed
# a = 2 at u = 2: the model's solve and integral are transformed data's
cat >prints.stan <<'STAN'
functions {
  vector sys(vector y, real a, int tag) {
    print("solve ", tag);
    return [y[1] - a, y[1] * y[2] - 1]';
  }
  real f(real x, real xc, array[] real theta, array[] real x_r,
         array[] int x_i) {
    print("integrand ", x_i[1]);
    return exp(-theta[1] * x);
  }
}
transformed data {
  vector[2] r = solve_powell(sys, [1, 1]', 2, 1);
  real I = integrate_1d(f, 0, 1, {2.0}, {1.0}, {1});
}
parameters {
  real a;
}
model {
  vector[2] z = solve_powell(sys, [1, 1]', a, 2);
  target += z[2] + integrate_1d(f, 0, 1, {a}, {1.0}, {2});
}
STAN
echo '{"params_r": [[2]]}' >u.json
if ! "$pplbench" build prints.stan -o prints >prints.build 2>&1; then
    fail printed "pplbench build failed: $(head -3 prints.build)"
elif ! ./prints log_prob unconstrained_params=u.json jacobian=1 \
        output file=lp.csv >prints.out 2>&1; then
    fail printed "log_prob failed: $(tail -2 prints.out)"
else
    count() { grep -c "^$1\$" prints.out; }
    if [ "$(count 'solve 1')" -eq 0 ] || [ "$(count 'integrand 1')" -eq 0 ] \
        || [ "$(count 'solve 2')" -ne "$(count 'solve 1')" ] \
        || [ "$(count 'integrand 2')" -ne "$(count 'integrand 1')" ]; then
        fail printed "$(sort prints.out | uniq -c | grep -E 'solve|integrand')"
    else
        pass printed
    fi
fi

echo "higher_order: $passed passed, $failed failed"
[ $failed -eq 0 ]
