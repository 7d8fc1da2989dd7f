// yule_simon has one parameter, the shape alpha (Stan Functions Reference
// 2.38, Yule-Simon).
model {
  target += yule_simon_lpmf(3 | 1.0, 2.0);
}
