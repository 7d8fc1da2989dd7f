model {
  /* this never ends
}
