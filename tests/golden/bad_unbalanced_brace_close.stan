model {
  target += 1;
}
}
