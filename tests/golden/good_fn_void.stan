functions {
  void say(real x) {
    print("x = ", x);
  }
}
transformed data {
  say(1.0);
}
