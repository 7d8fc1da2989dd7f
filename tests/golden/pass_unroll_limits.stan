// Static loop unrolling: a body that declares keeps a block per copy (each
// iteration's scope); an empty range vanishes; nested literal loops
// unroll innermost first.  Not unrolled: more than 8 trips, bounds that
// are not literals, a body that breaks or continues the loop, a body
// declaring a variable sized by the loop variable (the copies would share
// one declaration).
data {
  int N;
}
transformed data {
  real s = 0;
  for (i in 1:2) {
    real sq = i * i;
    s += sq;
  }
  for (i in 3:2) {
    s += i;
  }
  for (i in 1:2) {
    for (j in 1:2) {
      s += i * j;
    }
  }
  for (i in 1:9) {
    s += i;
  }
  for (i in 1:N) {
    s += i;
  }
  for (i in 1:3) {
    if (s > 100) {
      break;
    }
    s += i;
  }
  for (i in 1:3) {
    vector[i] v = rep_vector(1, i);
    s += sum(v);
  }
}
