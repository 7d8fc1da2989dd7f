#!/bin/sh
# ode.sh - Stan's ODE solvers in built samplers (runtime/ode*.c through
# backend/emit_ode.c), on tiny models written here whose solves run in
# transformed data, so that a failing solve is the sampler's exit 1 with
# the message on stderr:
#   messages   ode_bdf_tol, ode_adams_tol, ode_ckrk_tol and
#              integrate_ode_bdf with a bad initial time and with unsorted
#              output times: Stan's message, naming the function;
#   stiff      Robertson's chemical kinetics with max_num_steps 500:
#              ode_rk45_tol fails with Stan's max_num_steps message,
#              ode_bdf_tol solves it (mass conserved);
#   adjoint    ode_adjoint_tol_ctl with each forward solver: the decay's
#              closed form; a solver_forward of 3 and an absolute
#              tolerance vector of the wrong size: Stan's checks;
#   deprecated integrate_ode_rk45 / _bdf / _adams with an int initial time
#              and int output times, with and without tolerances: the
#              oscillator's closed form;
#   dae        dae and dae_tol (runtime/dae.c through backend/emit_dae.c)
#              on Robertson's kinetics as a DAE against reference values;
#              Stan's argument checks, max_num_steps exceeded, a singular
#              iteration matrix, a NaN residual, a residual of the wrong
#              size, one that rejects, a parameter that is not finite:
#              each a message and exit 1.
# Ends with "ode: N passed, N failed, N skipped".
#
#   sh tests/run/ode.sh BUILD_DIR
build=${1:-build}
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 1
passed=0; failed=0; skipped=0

pass() { passed=$((passed + 1)); echo "ode $1: ok"; }
fail() { failed=$((failed + 1)); echo "ode $1: FAILED: $2"; }

# Builds NAME.stan into ./NAME; returns 1 (after counting a failure) when
# it does not build: every model here must compile.
build_model() {
    if "$pplbench" build "$1.stan" -o "$1" >"$1.build" 2>&1; then
        return 0
    fi
    fail "$1" "pplbench build failed"
    head -5 "$1.build"
    return 1
}

# expect NAME DATA CODE TEXT: ./NAME sampled on DATA (a JSON text) exits
# with CODE, and its stderr has the line TEXT (unless TEXT is empty).
expect() {
    printf '%s\n' "$2" >"$1.json"
    ./"$1" sample num_samples=1 num_warmup=1 data file="$1.json" \
        output file="$1.csv" >"$1.out" 2>"$1.err"
    code=$?
    if [ "$code" -ne "$3" ]; then
        fail "$1 $2" "exit $code, expected $3"
        head -5 "$1.err"
    elif [ -n "$4" ] && ! grep -qxF "$4" "$1.err"; then
        fail "$1 $2" "no line '$4' on stderr"
        head -5 "$1.err"
    else
        pass "$1 $2"
    fi
}

# ---- messages: one model per solver, the solve in transformed data ----
for fn in ode_bdf_tol ode_adams_tol ode_ckrk_tol; do
    cat >"$fn.stan" <<STAN
functions {
  vector decay(real t, vector y, real k) {
    return -k * y;
  }
}
data {
  real t0;
  array[3] real ts;
}
transformed data {
  array[3] vector[1] y = $fn(decay, [1.0]', t0, ts, 1e-8, 1e-8, 1000,
                             0.5);
  if (abs(y[3, 1] - exp(-0.5 * (ts[3] - t0))) > 1e-6)
    reject("wrong solution ", y);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
STAN
    build_model "$fn" || continue
    expect "$fn" '{"t0": 0, "ts": [1, 2, 3]}' 0 ""
    expect "$fn" '{"t0": 2, "ts": [1, 2, 3]}' 1 \
        "$fn: initial time is 2, but must be less than 1.000000"
    unsorted="The element at 3 is 2, but should be greater than or equal"
    expect "$fn" '{"t0": 0, "ts": [1, 3, 2]}' 1 \
        "$fn: times is not a valid sorted vector. $unsorted to the previous element, 3"
done

# ---- stiff: Robertson within 500 steps per output time ----
cat >robertson.stan <<'STAN'
functions {
  vector rober(real t, vector y, vector k) {
    vector[3] dy;
    dy[1] = -k[1] * y[1] + k[2] * y[2] * y[3];
    dy[2] = k[1] * y[1] - k[2] * y[2] * y[3] - k[3] * square(y[2]);
    dy[3] = k[3] * square(y[2]);
    return dy;
  }
}
data {
  int stiff;
  int max_num_steps;
}
transformed data {
  vector[3] k = [0.04, 1e4, 3e7]';
  array[4] real ts = {0.4, 4, 40, 400};
  array[4] vector[3] y;
  if (stiff)
    y = ode_bdf_tol(rober, [1, 0, 0]', 0, ts, 1e-8, 1e-8, max_num_steps, k);
  else
    y = ode_rk45_tol(rober, [1, 0, 0]', 0, ts, 1e-8, 1e-8, max_num_steps,
                     k);
  for (j in 1:4)
    if (abs(sum(y[j]) - 1) > 1e-6)
      reject("mass not conserved: ", y[j]);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
STAN
if build_model robertson; then
    expect robertson '{"stiff": 1, "max_num_steps": 500}' 0 ""
    steps="in less than max_num_steps steps"
    expect robertson '{"stiff": 0, "max_num_steps": 500}' 1 \
        "ode_rk45_tol:  Failed to integrate to next output time (4) $steps"
    expect robertson '{"stiff": 1, "max_num_steps": 5}' 1 \
        "ode_bdf_tol:  Failed to integrate to next output time (0.4) $steps"
fi

# ---- adjoint: ode_adjoint_tol_ctl's controls ----
cat >adjoint.stan <<'STAN'
functions {
  vector decay(real t, vector y, real k) {
    return -k * y;
  }
}
data {
  int solver;
  vector[2] atol;
}
transformed data {
  array[2] real ts = {1, 2};
  array[2] vector[2] y = ode_adjoint_tol_ctl(decay, [1.0, 2.0]', 0, ts,
                                             1e-10, atol, 1e-8, [1e-8, 1e-8]',
                                             1e-8, 1e-8, 100000, 150, 1,
                                             solver, 2, 0.5);
  for (j in 1:2)
    if (abs(y[j, 2] - 2 * exp(-0.5 * ts[j])) > 1e-7)
      reject("wrong solution ", y[j]);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
STAN
if build_model adjoint; then
    expect adjoint '{"solver": 1, "atol": [1e-10, 1e-10]}' 0 ""
    expect adjoint '{"solver": 2, "atol": [1e-10, 1e-9]}' 0 ""
    expect adjoint '{"solver": 3, "atol": [1e-10, 1e-10]}' 1 \
        "ode_adjoint_tol_ctl: solver_forward is 3, but must be in the interval [1, 2]"
    expect adjoint '{"solver": 1, "atol": [1e-10, -1]}' 1 \
        "ode_adjoint_tol_ctl: absolute_tolerance_forward[2] is -1, but must be positive finite!"
fi

# ---- deprecated: an int initial time, int output times ----
cat >deprecated.stan <<'STAN'
functions {
  array[] real sho(real t, array[] real y, array[] real theta,
                   array[] real x_r, array[] int x_i) {
    return {y[2], -theta[1] * y[1]};
  }
}
data {
  int t0;
  array[3] int ts;
}
transformed data {
  array[0] real x_r;
  array[0] int x_i;
  array[2] real y0 = {1.0, 0.0};
  array[1] real theta = {1.0};
  array[3, 2] real a = integrate_ode_rk45(sho, y0, t0, ts, theta, x_r, x_i);
  array[3, 2] real b = integrate_ode_bdf(sho, y0, t0, ts, theta, x_r, x_i,
                                         1e-8, 1e-8, 10000);
  array[3, 2] real c = integrate_ode_adams(sho, y0, 0, ts, theta, x_r, x_i);
  for (j in 1:3)
    if (abs(a[j, 1] - cos(ts[j] - t0)) > 1e-5
        || abs(b[j, 1] - cos(ts[j] - t0)) > 1e-5
        || abs(c[j, 1] - cos(ts[j])) > 1e-7)
      reject("wrong solution at ", ts[j], ": ", a[j], b[j], c[j]);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
STAN
if build_model deprecated; then
    expect deprecated '{"t0": 0, "ts": [1, 2, 5]}' 0 ""
    expect deprecated '{"t0": 3, "ts": [1, 2, 5]}' 1 \
        "integrate_ode_rk45: initial time is 3, but must be less than 1.000000"
fi

# ---- dae: Robertson as a DAE; Stan's checks and the solver's failures ----
cat >dae_robertson.stan <<'STAN'
functions {
  vector chem(real t, vector y, vector yp, vector k) {
    vector[3] r;
    r[1] = yp[1] + k[1] * y[1] - k[2] * y[2] * y[3];
    r[2] = yp[2] - k[1] * y[1] + k[2] * y[2] * y[3] + k[3] * square(y[2]);
    r[3] = y[1] + y[2] + y[3] - 1;
    return r;
  }
}
data {
  int tol;
  real t0;
  array[2] real ts;
  int max_num_steps;
}
transformed data {
  vector[3] k = [0.04, 1e4, 3e7]';
  vector[3] y0 = [1, 0, 0]';
  vector[3] yp0 = [-0.04, 0.04, 0]';
  array[2] vector[3] y;
  if (tol)
    y = dae_tol(chem, y0, yp0, t0, ts, 1e-10, 1e-10, max_num_steps, k);
  else
    y = dae(chem, y0, yp0, t0, ts, k);
  // Hairer and Wanner's reference values at t = 40 (the global error of
  // local errors of 1e-10)
  if (abs(y[2, 1] - 0.7158270687) > 3e-8
      || abs(y[2, 2] - 9.185534764e-6) > 1e-12 || abs(sum(y[2]) - 1) > 1e-12)
    reject("wrong solution ", y);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
STAN
# Stan's IDASolve messages (check_flag_sundials), then where it happened
flag="IDASolve failed with error flag"
mxstep="The solver took mxstep internal steps but could not reach tout."
tout="did not reach the output time"
conv="Convergence test failures occurred too many times during one internal"
conv="$conv time step or minimum step size was reached."
singular="the iteration matrix dF/dy + c dF/dy' is singular"
res_fail="The user-provided residual function repeatedly returned a"
res_fail="$res_fail recoverable error flag, but the solver was unable to recover."
unsorted_dae="The element at 2 is 4, but should be greater than or equal to the"
unsorted_dae="$unsorted_dae previous element, 40"
if build_model dae_robertson; then
    expect dae_robertson '{"tol": 0, "t0": 0, "ts": [4, 40], "max_num_steps": 1}' 0 ""
    expect dae_robertson '{"tol": 1, "t0": 0, "ts": [4, 40], "max_num_steps": 500}' 0 ""
    expect dae_robertson '{"tol": 0, "t0": 5, "ts": [4, 40], "max_num_steps": 1}' 1 \
        "dae: initial time is 5, but must be less than 4.000000"
    expect dae_robertson '{"tol": 1, "t0": 0, "ts": [40, 4], "max_num_steps": 500}' 1 \
        "dae_tol: times is not a valid sorted vector. $unsorted_dae"
    expect dae_robertson '{"tol": 1, "t0": 0, "ts": [4, 40], "max_num_steps": 0}' 1 \
        "dae_tol: max_num_steps is 0, but must be positive!"
    expect dae_robertson '{"tol": 1, "t0": 0, "ts": [4, 40], "max_num_steps": 20}' 1 ""
    grep -q "^dae_tol: $flag -1: $mxstep (20 steps from t = .* $tout 4)\$" \
        dae_robertson.err \
        || fail dae_robertson "no max_num_steps message on stderr"
fi

# residuals that cannot be solved: a singular iteration matrix, a NaN, the
# wrong size, an error raised, a parameter that is not finite
cat >dae_bad.stan <<'STAN'
functions {
  vector res(real t, vector y, vector yp, int kind, real p) {
    if (kind == 1)
      return [y[1] + y[2] - 1, y[1] + y[2] - 1]';
    if (kind == 2 && t > 0.5)
      return [yp[1] + y[1], not_a_number()]';
    if (kind == 3)
      return [yp[1] + y[1]]';
    if (kind == 4 && t > 0.5)
      reject("my residual refuses t = ", t);
    return [yp[1] + p * y[1], y[2] - y[1]]';
  }
}
data {
  int kind;
  real p;
}
transformed data {
  array[1] vector[2] y = dae(res, [1, 1]', [-1, -1]', 0, {1.0}, kind, p);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
STAN
if build_model dae_bad; then
    expect dae_bad '{"kind": 0, "p": 1}' 0 ""
    expect dae_bad '{"kind": 1, "p": 1}' 1 \
        "dae: $flag -4: $conv (at t = 0: $singular)"
    expect dae_bad '{"kind": 2, "p": 1}' 1 \
        "dae: $flag -9: $res_fail (at t = 0.5: the residual is not finite)"
    expect dae_bad '{"kind": 3, "p": 1}' 1 \
        "dae: the residual function res returns 1 values for a state of size 2"
    expect dae_bad '{"kind": 4, "p": 1}' 1 ""
    grep -q "my residual refuses t = 0.5" dae_bad.err \
        || fail dae_bad "the residual's reject message is not on stderr"
    expect dae_bad '{"kind": 0, "p": Infinity}' 1 \
        "dae: DAE parameters and data[1] is inf, but must be finite!"
fi

echo "ode: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
