model {
  print(get_lp());
}
