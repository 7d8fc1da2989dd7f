# Item 5: the sampler's output file= is never one of its inputs: the data
# file (by its own name, another spelling, a hard link, a symbolic link),
# the init file, log_prob's constrained_params and unconstrained_params
# files, and the sampler binary itself.  Each is refused with exit 1 and
# a message naming both files; none changes.
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model { y ~ normal(mu, 1); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
echo '{"mu": 0.5}' > init.json
echo '{"mu": 0.25}' > c.json
echo '{"params_r": [0.25]}' > u.json
run_expect 0 "built es" "$PPLBENCH" build m.stan -o es
ln d.json hard.json
ln -s d.json soft.json
ln -s es es-link
protect m.stan d.json init.json c.json u.json es es-link hard.json soft.json

short="num_samples=5 num_warmup=5"
for out in d.json ./d.json hard.json soft.json; do
    run_expect 1 "refusing to write $out: it is the same file as the input d.json" \
        ./es sample $short data file=d.json output file=$out
done
run_expect 1 "refusing to write init.json: it is the same file as the input init.json" \
    ./es sample $short data file=d.json init=init.json output file=init.json
run_expect 1 "refusing to write c.json: it is the same file as the input c.json" \
    ./es log_prob constrained_params=c.json data file=d.json output file=c.json
run_expect 1 "refusing to write u.json: it is the same file as the input u.json" \
    ./es log_prob unconstrained_params=u.json data file=d.json output file=u.json
for out in es ./es es-link "$W/es"; do
    run_expect 1 "refusing to write $out: it is the same file as the input $W/es" \
        ./es sample $short data file=d.json output file=$out
done
# and nothing was left beside them
for f in d.json* init.json.* c.json.* u.json.* es.??????; do
    [ -e "$f" ] && [ "$f" != d.json ] && fail "left behind: $f"
done
# a file that is not an input is written
run_expect 0 "" ./es sample $short data file=d.json output file=out.csv
check -s out.csv
