model {
  target += ;
}
