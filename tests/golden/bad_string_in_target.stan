model {
  target += "x";
}
