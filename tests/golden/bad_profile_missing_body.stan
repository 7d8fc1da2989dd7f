model {
  profile("a");
}
