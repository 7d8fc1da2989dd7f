model
  target += 1;
