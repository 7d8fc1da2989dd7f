# Strings of print and reject hold any byte but a control character and
# '"', and a backslash is an ordinary character in Stan: each prints exactly as
# written.  Before, they were pasted into C as they were: a trailing
# backslash or "??/" broke the C compile, "\u0041" was refused by the C
# compiler, "back\slash" lost its backslash, trigraphs became other
# characters, "\0end" printed nothing, and "%d" is no format either.
cat > strings.stan <<'STAN'
transformed data {
  print("S|trailing\");
  print("S|??/");
  print("S|\u0041");
  print("S|back\slash");
  print("S|a??/b");
  print("S|??=??(");
  print("S|\0end");
  print("S|%s %d %% %n");
  print("S|??) ??! ??' ??< ??> ??- ???=");
  print("S|\n\t\\ \");
  print("S|", 1, "\x41", 2.5, "\101");
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
cat > want.txt <<'WANT'
S|trailing\
S|??/
S|\u0041
S|back\slash
S|a??/b
S|??=??(
S|\0end
S|%s %d %% %n
S|??) ??! ??' ??< ??> ??- ???=
S|\n\t\\ \
S|1\x412.5\101
WANT
run_expect 0 "" "$PPLBENCH" build strings.stan -o exe
timeout 60 ./exe sample num_samples=5 num_warmup=5 output file=o.csv > stdout.txt 2>&1
check $? -eq 0
grep '^S|' stdout.txt > got.txt
cmp -s want.txt got.txt || { fail "the printed strings differ"; diff want.txt got.txt >&2; }
# a reject's string is kept exactly as well
cat > rej.stan <<'STAN'
transformed data {
  reject("R|??/ back\slash %d\");
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
run_expect 0 "" "$PPLBENCH" build rej.stan -o rej
run_expect 1 'R|??/ back\slash %d\' ./rej sample num_samples=5 num_warmup=5 output file=r.csv
