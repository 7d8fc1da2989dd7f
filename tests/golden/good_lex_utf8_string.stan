// Strings hold any bytes but control characters, as stanc3's do: UTF-8
// prints as written; é à ü in a comment are ignored.
transformed data {
  print("héllo, wörld ✓	tab");
  reject("naïve");
}
