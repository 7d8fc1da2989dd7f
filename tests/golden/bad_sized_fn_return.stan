functions {
  vector[2] f(real x) {
    return [x, x]';
  }
}
