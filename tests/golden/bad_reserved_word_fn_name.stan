functions {
  real return(real x) {
    return x;
  }
}
