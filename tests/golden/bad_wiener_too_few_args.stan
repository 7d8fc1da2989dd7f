// wiener_lpdf needs at least the four parameters alpha, tau, beta, delta
// (Stan Functions Reference 2.38, Wiener First Passage Time Distribution).
model {
  target += wiener_lpdf(1.0 | 1.0, 0.1, 0.5);
}
