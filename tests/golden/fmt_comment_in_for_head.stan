// A line comment inside a for loop's head is moved out of it, as stanc3
// moves comments it cannot keep in place (marked "^^^:"), to the first
// item of the body.  It was printed on the same line as that item, which
// the comment then swallowed (`// ^^^: c return x[i];`: the formatted
// program had no return), and it was put after two blank lines that
// formatting again removed (the fuzzer's round trip).
functions {
  real f(vector x) {
    for (i in // c
         1:rows(x)) {
      return x[i];
    }
    return 0;
  }
}
