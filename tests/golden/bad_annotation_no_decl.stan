functions {
  @extern
}
