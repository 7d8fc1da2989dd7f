// The user guide's example of function inlining (stanc3's "Function
// inlining"): the result in a variable, the locals renamed.
functions {
  int incr(int x) {
    int y = 1;
    return x + y;
  }
}
transformed data {
  int a = 2;
  int b = incr(a);
}
