# The fused densities of backend/emit_fused.c (one loop over the elements of
# elementwise arguments, with the range checks of x[g] inside it) reject
# exactly as the code that computes the arguments into containers first
# did: the same first error, in the same order, when several would apply
# (an index out of range before a scale <= 0 or a size mismatch of the
# density's arguments; an elementwise size mismatch of a later argument
# before an earlier argument's index, when that argument is checked in a
# loop of its own), and the same value and gradient when nothing rejects.
# The expected texts and figures are those of the materializing code
# (pplbench before the fused loops), from log_prob at one point.
cat > fr.stan <<'STAN'
data {
  int<lower=1> N;
  int<lower=1> J;
  int<lower=0> M;
  int which;
  array[N] int g;
  vector[N] x;
  vector[N] y;
  vector[M] w;
}
parameters {
  vector[J] a;
  real b;
  real<lower=0> s;
}
model {
  a ~ normal(0, 1);
  b ~ normal(0, 1);
  if (which == 1) y ~ normal(a[g] + b * x, s);
  if (which == 2) y ~ normal(a[g] + b * x, s - 10);
  if (which == 3) w ~ normal(a[g] + b * x, s);
  if (which == 4) y ~ normal(a[g] + b * w, s);
  if (which == 5) y ~ normal(a[g], s * w);
  if (which == 6) y ~ normal(b * x, s * w + a[g]);
  if (which == 7) target += normal_lupdf(y[2:N] | b * y[1:(N - 1)], s);
  if (which == 8) target += normal_lupdf(y[2:M] | b * y[1:(M - 1)], s);
  if (which == 9) y ~ normal(b * x, exp(b) - s);
  if (which == 10) y ~ normal(b * x + a[g], s - 10);
}
STAN
run_expect 0 "built" "$PPLBENCH" build fr.stan -o fr
echo '{"params_r": [0.1, -0.2, 0.3, 0.2]}' > u.json
# case WHICH G M W EXIT TEXT: log_prob of statement WHICH with index array
# G, M values in w; exact exit and message (or, exit 0, the CSV row)
case_() {
    printf '{"N": 3, "J": 2, "M": %s, "which": %s, "g": %s, ' "$3" "$1" "$2" \
        > d.json
    printf '"x": [1, 2, 3], "y": [0.5, 1, 2], "w": %s}\n' "$4" >> d.json
    text=$6
    [ "$5" -eq 0 ] && text=""
    run_expect "$5" "$text" ./fr log_prob unconstrained_params=u.json \
        data file=d.json output file=o.csv
    if [ "$5" -eq 0 ]; then
        [ "$(tail -1 o.csv)" = "$6" ] ||
            fail "case $1 $2: log_prob gives $(tail -1 o.csv), expected $6"
    fi
}
ew="elementwise operation: size of the operands"
nl="normal_lpdf:"
ed="expecting dimension ="
oor="out of range; expecting index to be between 1 and"
case_ 1 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-1.16043,-0.032968,1.47361,3.18566,-0.619141'
case_ 1 '[1, 3, 2]' 3 '[1, 2, 3]' 1 "a: index 3 $oor 2"
case_ 1 '[1, 0, 2]' 2 '[1, 2]' 1 "a: index 0 $oor 2"
case_ 1 '[1, 2, 1]' 2 '[1, 2]' 0 '-0.929169,0.637352,0.602192,2.58238,-1.08166'
case_ 1 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 0 '-0.929169,0.637352,0.602192,2.58238,-1.08166'
case_ 1 '[1, 2, 1]' 3 '[-1, -2, -3]' 0 '-0.929169,0.637352,0.602192,2.58238,-1.08166'
case_ 2 '[1, 2, 2]' 3 '[1, 2, 3]' 1 "$nl Scale parameter is -8.7786, but must be positive!"
case_ 2 '[1, 3, 2]' 3 '[1, 2, 3]' 1 "a: index 3 $oor 2"
case_ 2 '[1, 0, 2]' 2 '[1, 2]' 1 "a: index 0 $oor 2"
case_ 2 '[1, 2, 1]' 2 '[1, 2]' 1 "$nl Scale parameter is -8.7786, but must be positive!"
case_ 2 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 1 "$nl Scale parameter is -8.7786, but must be positive!"
case_ 2 '[1, 2, 1]' 3 '[-1, -2, -3]' 1 "$nl Scale parameter is -8.7786, but must be positive!"
case_ 3 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-3.22166,0.302192,2.81425,6.87242,3.50333'
case_ 3 '[1, 3, 2]' 3 '[1, 2, 3]' 1 "a: index 3 $oor 2"
case_ 3 '[1, 0, 2]' 2 '[1, 2]' 1 "a: index 0 $oor 2"
case_ 3 '[1, 2, 1]' 2 '[1, 2]' 1 "$nl Location parameter has dimension = 3, $ed 2"
case_ 3 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 1 "$nl Location parameter has dimension = 3, $ed 4"
case_ 3 '[1, 2, 1]' 3 '[-1, -2, -3]' 0 '-8.42,-3.71973,-1.40877,-12.4998,13.9'
case_ 4 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-1.16043,-0.032968,1.47361,3.18566,-0.619141'
case_ 4 '[1, 3, 2]' 3 '[1, 2, 3]' 1 "a: index 3 $oor 2"
case_ 4 '[1, 0, 2]' 2 '[1, 2]' 1 "$ew (3) and (2) must match"
case_ 4 '[1, 2, 1]' 2 '[1, 2]' 1 "$ew (3) and (2) must match"
case_ 4 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 1 "$ew (3) and (4) must match"
case_ 4 '[1, 2, 1]' 3 '[-1, -2, -3]' 0 '-4.3478,2.24612,1.40658,-8.81306,5.7556'
case_ 5 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-2.61628,0.168128,0.564952,-0.3,-1.29095'
case_ 5 '[1, 3, 2]' 3 '[1, 2, 3]' 1 "a: index 3 $oor 2"
case_ 5 '[1, 0, 2]' 2 '[1, 2]' 1 "a: index 0 $oor 2"
case_ 5 '[1, 2, 1]' 2 '[1, 2]' 1 "$nl Scale parameter has dimension = 2, $ed 3"
case_ 5 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 1 "$nl Scale parameter has dimension = 4, $ed 3"
case_ 5 '[1, 2, 1]' 3 '[-1, -2, -3]' 1 "$nl Scale parameter[1] is -1.2214, but must be positive!"
case_ 6 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-2.27668,-0.839435,-0.491249,0.248564,-1.90876'
case_ 6 '[1, 3, 2]' 3 '[1, 2, 3]' 1 "a: index 3 $oor 2"
case_ 6 '[1, 0, 2]' 2 '[1, 2]' 1 "$ew (2) and (3) must match"
case_ 6 '[1, 2, 1]' 2 '[1, 2]' 1 "$ew (2) and (3) must match"
case_ 6 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 1 "$ew (4) and (3) must match"
case_ 6 '[1, 2, 1]' 3 '[-1, -2, -3]' 1 "$nl Scale parameter[1] is -1.1214, but must be positive!"
case_ 7 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 7 '[1, 3, 2]' 3 '[1, 2, 3]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 7 '[1, 0, 2]' 2 '[1, 2]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 7 '[1, 2, 1]' 2 '[1, 2]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 7 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 7 '[1, 2, 1]' 3 '[-1, -2, -3]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 8 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 8 '[1, 3, 2]' 3 '[1, 2, 3]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 8 '[1, 0, 2]' 2 '[1, 2]' 0 '-0.312153,-0.1,0.2,-0.015114,0.484306'
case_ 8 '[1, 2, 1]' 2 '[1, 2]' 0 '-0.312153,-0.1,0.2,-0.015114,0.484306'
case_ 8 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 1 "y: index 4 $oor 3"
case_ 8 '[1, 2, 1]' 3 '[-1, -2, -3]' 0 '-1.48077,-0.1,0.2,1.12443,1.42153'
case_ 9 '[1, 2, 2]' 3 '[1, 2, 3]' 0 '-36.4383,-0.1,0.2,1126.7,-782.958'
case_ 9 '[1, 3, 2]' 3 '[1, 2, 3]' 0 '-36.4383,-0.1,0.2,1126.7,-782.958'
case_ 9 '[1, 0, 2]' 2 '[1, 2]' 0 '-36.4383,-0.1,0.2,1126.7,-782.958'
case_ 9 '[1, 2, 1]' 2 '[1, 2]' 0 '-36.4383,-0.1,0.2,1126.7,-782.958'
case_ 9 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 0 '-36.4383,-0.1,0.2,1126.7,-782.958'
case_ 9 '[1, 2, 1]' 3 '[-1, -2, -3]' 0 '-36.4383,-0.1,0.2,1126.7,-782.958'
case_ 10 '[1, 2, 2]' 3 '[1, 2, 3]' 1 "$nl Scale parameter is -8.7786, but must be positive!"
case_ 10 '[1, 3, 2]' 3 '[1, 2, 3]' 1 "a: index 3 $oor 2"
case_ 10 '[1, 0, 2]' 2 '[1, 2]' 1 "a: index 0 $oor 2"
case_ 10 '[1, 2, 1]' 2 '[1, 2]' 1 "$nl Scale parameter is -8.7786, but must be positive!"
case_ 10 '[1, 2, 1]' 4 '[1, 2, 3, 4]' 1 "$nl Scale parameter is -8.7786, but must be positive!"
case_ 10 '[1, 2, 1]' 3 '[-1, -2, -3]' 1 "$nl Scale parameter is -8.7786, but must be positive!"

# bernoulli_logit and poisson_log of a tree: a variate out of the support,
# sizes, an index out of range
cat > fd.stan <<'STAN'
data {
  int<lower=1> N;
  int<lower=0> M;
  int which;
  array[N] int g;
  array[M] int c;
  vector[N] x;
}
parameters {
  vector[2] a;
  real b;
}
model {
  a ~ normal(0, 1);
  if (which == 1) c ~ bernoulli_logit(a[g] + b * x);
  if (which == 2) c ~ poisson_log(a[g] + b * x);
  if (which == 3) target += poisson_log_lpmf(c | a[g] - b);
}
STAN
run_expect 0 "built" "$PPLBENCH" build fd.stan -o fd
echo '{"params_r": [0.1, -0.2, 0.3]}' > v.json
# dcase WHICH G M C EXIT TEXT, as case_
dcase() {
    printf '{"N": 3, "M": %s, "which": %s, "g": %s, "c": %s, "x": [1, 2, 3]}\n' \
        "$3" "$1" "$2" "$4" > d.json
    text=$6
    [ "$5" -eq 0 ] && text=""
    run_expect "$5" "$text" ./fd log_prob unconstrained_params=v.json \
        data file=d.json output file=o.csv
    if [ "$5" -eq 0 ]; then
        [ "$(tail -1 o.csv)" = "$6" ] ||
            fail "dcase $1 $2 $4: log_prob gives $(tail -1 o.csv), expected $6"
    fi
}
bl="bernoulli_logit_lpmf:"
lt="Logit transformed probability parameter"
pl="poisson_log_lpmf:"
lr="Log rate parameter"
dcase 1 '[1, 2, 2]' 3 '[0, 1, 1]' 0 '-1.85422,-0.698688,0.933125,1.19937'
dcase 1 '[1, 3, 2]' 3 '[0, 1, 1]' 1 "a: index 3 $oor 2"
dcase 1 '[1, 3, 2]' 3 '[0, 2, 1]' 1 "a: index 3 $oor 2"
dcase 1 '[1, 2, 2]' 3 '[0, 2, 1]' 1 "$bl n[2] is 2, but must be in the interval [0, 1]"
dcase 1 '[1, 2, 2]' 3 '[0, -1, 1]' 1 "$bl n[2] is -1, but must be in the interval [0, 1]"
dcase 1 '[1, 2, 2]' 2 '[0, 1]' 1 "$bl n has size = 2, but $lt has size 3"
dcase 1 '[1, 0, 2]' 2 '[0, 1]' 1 "a: index 0 $oor 2"
dcase 2 '[1, 2, 2]' 3 '[0, 1, 1]' 0 '-3.9224,-1.59182,-1.30558,-5.51673'
dcase 2 '[1, 3, 2]' 3 '[0, 1, 1]' 1 "a: index 3 $oor 2"
dcase 2 '[1, 3, 2]' 3 '[0, 2, 1]' 1 "a: index 3 $oor 2"
dcase 2 '[1, 2, 2]' 3 '[0, 2, 1]' 0 '-3.5224,-1.59182,-0.305577,-3.51673'
dcase 2 '[1, 2, 2]' 3 '[0, -1, 1]' 1 "$pl Random variable[2] is -1, but must be nonnegative!"
dcase 2 '[1, 2, 2]' 2 '[0, 1]' 1 "$pl Random variable has size = 2, but $lr has size 3"
dcase 2 '[1, 0, 2]' 2 '[0, 1]' 1 "a: index 0 $oor 2"
dcase 3 '[1, 2, 2]' 3 '[0, 1, 1]' 0 '-3.05679,-0.918731,0.986939,0.0317921'
dcase 3 '[1, 3, 2]' 3 '[0, 1, 1]' 1 "a: index 3 $oor 2"
dcase 3 '[1, 3, 2]' 3 '[0, 2, 1]' 1 "a: index 3 $oor 2"
dcase 3 '[1, 2, 2]' 3 '[0, 2, 1]' 0 '-4.24994,-0.918731,1.98694,-0.968208'
dcase 3 '[1, 2, 2]' 3 '[0, -1, 1]' 1 "$pl Random variable[2] is -1, but must be nonnegative!"
dcase 3 '[1, 2, 2]' 2 '[0, 1]' 1 "$pl Random variable has size = 2, but $lr has size 3"
dcase 3 '[1, 0, 2]' 2 '[0, 1]' 1 "a: index 0 $oor 2"
