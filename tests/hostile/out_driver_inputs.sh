# Item 5 for pplbench: --o=FILE (the C file, --auto-format, --info) equal
# to the model or a file it includes, and `pplbench build -o EXE` equal to
# the model or the C file, are refused with exit 2 and a message naming
# both; nothing changes.
mkdir inc
cat > m.stan <<'STAN'
#include part.stan
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
echo 'functions { real twice(real x) { return 2 * x; } }' > inc/part.stan
ln -s m.stan link.stan
protect m.stan inc/part.stan link.stan

run_expect 2 "pplbench: refusing to write m.stan: it is the same file as the input m.stan" \
    "$PPLBENCH" --include-paths=inc --o=m.stan m.stan
run_expect 2 "pplbench: refusing to write link.stan: it is the same file as the input m.stan" \
    "$PPLBENCH" --include-paths=inc --auto-format --o=link.stan m.stan
part="inc/part.stan"
run_expect 2 "pplbench: refusing to write $part: it is the same file as the input $part" \
    "$PPLBENCH" --include-paths=inc --info --o=inc/part.stan m.stan
run_expect 2 "pplbench: refusing to write m.stan: it is the same file as the input m.stan" \
    "$PPLBENCH" build m.stan -o m.stan
expect_absent m.stan.c

# the C file of `build -o x` is x.c: an executable that is x.c by
# another name is refused before anything is written
echo 'parameters { real mu; } model { mu ~ normal(0, 1); }' > p.stan
echo "int x;" > x.c
ln -s x.c x
protect p.stan x.c x
run_expect 2 "pplbench: refusing to write x: it is the same file as the input x.c" \
    "$PPLBENCH" build p.stan -o x
for f in m.stan.* link.stan.* x.* x.c.*; do
    [ -e "$f" ] && [ "$f" != x.c ] && fail "left behind: $f"
done
# a fine output still works
run_expect 0 "" "$PPLBENCH" --include-paths=inc --o=m.c m.stan
check -s m.c
